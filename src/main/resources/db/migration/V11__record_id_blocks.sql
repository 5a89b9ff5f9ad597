-- Record ids come in blocks of 1000 from a sequence (zones.control.RecordIds) rather than from
-- AUTO_INCREMENT, so that the records of one change are inserted in JDBC batches: with identity
-- columns EclipseLink must insert row by row to learn each id, and a zone created with 1000 records
-- cost 1000 round trips. Each NEXTVAL reserves the 1000 ids from its value on. The column loses its
-- AUTO_INCREMENT and gets no default: an INSERT naming no id fails instead of taking an id that a
-- block handed out already (a NEXTVAL default would name this database, which a dump restored under
-- another name would still point to).
SET @start = (SELECT COALESCE(MAX(id), 0) + 1 FROM zone_records);
SET @create = CONCAT('CREATE SEQUENCE zone_record_ids START WITH ', @start, ' INCREMENT BY 1000 NOCACHE');
PREPARE create_sequence FROM @create;
EXECUTE create_sequence;
DEALLOCATE PREPARE create_sequence;

ALTER TABLE zone_records MODIFY id BIGINT NOT NULL;
