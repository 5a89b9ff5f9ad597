package net.hostingapi.panel;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless chromium driven through its chromedriver, both named in the README's
 * prerequisites: missing, the test fails (it does not skip). Screenshots of each page at desktop
 * and phone width go to target/screenshots/.
 */
final class Browser implements AutoCloseable {

    static final Dimension DESKTOP = new Dimension(1280, 900);
    static final Dimension PHONE = new Dimension(375, 812);
    static final Path SCREENSHOTS = Path.of("target", "screenshots");
    static final Path DOWNLOADS = Path.of("target", "downloads");

    final WebDriver driver;
    final WebDriverWait wait;

    /**
     * {@code origin}: the service as the browser reaches it. Treated as secure, as a panel served over
     * HTTPS is: Chromium holds back downloads from plain HTTP pages as insecure (left as .crdownload).
     */
    Browser(String origin) {
        File chromedriver = new File("/usr/bin/chromedriver");
        File chromium = new File("/usr/bin/chromium");
        assertTrue(
                chromedriver.canExecute() && chromium.canExecute(),
                "Debian's chromium and chromium-driver are needed (apt-get install chromium chromium-driver)");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium);
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--unsafely-treat-insecure-origin-as-secure=" + origin,
                "--window-size=" + DESKTOP.width + "," + DESKTOP.height);
        options.setExperimentalOption(
                "prefs",
                java.util.Map.of(
                        "download.default_directory",
                        DOWNLOADS.toAbsolutePath().toString(),
                        "download.prompt_for_download",
                        false));
        // The page's console, kept for the record written after each test.
        options.setCapability("goog:loggingPrefs", java.util.Map.of("browser", "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(chromedriver)
                .usingAnyFreePort()
                .build();
        driver = new ChromeDriver(service, options);
        driver.manage().window().setSize(DESKTOP);
        wait = new WebDriverWait(driver, Duration.ofSeconds(30));
        // The panel replaces what it renders: an element found a moment ago may be gone; look again.
        wait.ignoring(StaleElementReferenceException.class);
    }

    WebElement find(String css) {
        return wait.until(d -> {
            List<WebElement> found = d.findElements(By.cssSelector(css));
            return found.isEmpty() || !found.get(0).isDisplayed() ? null : found.get(0);
        });
    }

    List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    void gone(String css) {
        wait.until(d -> d.findElements(By.cssSelector(css)).isEmpty());
    }

    /** Waits until the element's text contains {@code text}; answers the element. */
    WebElement text(String css, String text) {
        return wait.until(d -> {
            for (WebElement e : d.findElements(By.cssSelector(css))) {
                if (e.isDisplayed() && e.getText().contains(text)) {
                    return e;
                }
            }
            return null;
        });
    }

    Object script(String js, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(js, args);
    }

    /**
     * The page as it is, at desktop and at phone width; at phone width the page must not scroll
     * sideways.
     */
    void screenshots(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            shoot(name + "-desktop");
            driver.manage().window().setSize(PHONE);
            wait.until(d -> ((Number) script("return window.innerWidth")).intValue() <= PHONE.width);
            long scrollWidth = ((Number) script("return document.documentElement.scrollWidth")).longValue();
            long viewport = ((Number) script("return document.documentElement.clientWidth")).longValue();
            assertTrue(
                    scrollWidth <= viewport, name + " scrolls sideways at 375 px: " + scrollWidth + " > " + viewport);
            shoot(name + "-phone");
            driver.manage().window().setSize(DESKTOP);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The page as it is, at the window's present size only. */
    void screenshot(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            shoot(name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void shoot(String file) throws IOException {
        File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
        Files.copy(shot.toPath(), SCREENSHOTS.resolve(file + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }

    /** What the browser shows at the end of a test (screenshot, page source, console), for whoever reads a failure. */
    void record(String test) {
        try {
            Files.createDirectories(SCREENSHOTS);
            shoot("last-" + test);
            Files.writeString(SCREENSHOTS.resolve("last-" + test + ".html"), driver.getPageSource());
            StringBuilder console = new StringBuilder();
            driver.manage().logs().get("browser").forEach(e -> console.append(e).append('\n'));
            Files.writeString(SCREENSHOTS.resolve("last-" + test + ".console.txt"), console);
        } catch (IOException | RuntimeException e) {
            System.err.println("[browser] no record of " + test + ": " + e);
        }
    }

    @Override
    public void close() {
        driver.quit();
    }
}
