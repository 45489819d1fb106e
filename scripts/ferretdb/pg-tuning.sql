-- Tuning of the PostgreSQL database the local FerretDB 1.24 stores into (run by scripts/lib/local-mongo.ts on every
-- start; idempotent). Nothing here changes what FerretDB answers, only how fast PostgreSQL finds it.
--
-- 1. FerretDB pushes an equality filter down as `_jsonb -> 'field' @> '<value>'`, but builds its indexes as btree on
--    `(_jsonb -> 'field')`, which cannot serve `@>`: every filtered read, update and delete scanned the whole table.
--    For every field FerretDB indexes, this adds a GIN twin on the same expression (jsonb_path_ops serves `@>`), so
--    a lookup by _id, nonce or accountId is an index lookup. An event trigger adds the twins as FerretDB creates
--    indexes; the DO block at the end adds them to tables that exist already.
--    FerretDB sends the field name as a parameter (`_jsonb -> $1 @> $2`). A generic plan, which PostgreSQL adopts for
--    a prepared statement once it looks no dearer than the custom ones (as on an empty table), cannot match the
--    index expression and scans; `plan_cache_mode = force_custom_plan` (set in local-mongo.ts for this database)
--    plans every query with its values. Without it, checkout slowed to half its speed after 10,000 sales.
-- 2. Commits wait for the WAL flush (synchronous_commit = on), set explicitly in local-mongo.ts for this database
--    only, so it holds whatever the server's default is: a sale the till was told succeeded is on the disk, and a
--    crash of PostgreSQL or of the machine loses none (bench/faults.ts kills PostgreSQL with SIGKILL to show it).
--    Kassa once ran with it off, on the reasoning that this matched MongoDB's default write concern on one server;
--    it does not hold for PostgreSQL: with it off a commit is acknowledged while its WAL may still sit in PostgreSQL's
--    shared memory, so a crash of PostgreSQL alone (not only of the machine) loses up to three wal_writer_delay
--    (0.6 s by default) of acknowledged sales. bench/checkout.ts measures what the flush costs.
-- 3. FerretDB 1.24 never reads its own non-unique btree indexes: it pushes equality filters down as `@>` (which the
--    GIN twins serve), skips $gt/$lt, and sorts only by $natural (its backends/postgresql/query.go). Such an index
--    only costs: every insert, and every update (FerretDB rewrites the whole `_jsonb`, so an update is never HOT), adds
--    an entry to it. So each one is emptied: dropped and made again under the same name as a partial index that holds
--    nothing (`WHERE false`), so FerretDB's dropIndexes and collStats, which go by that name, work as before. Unique
--    indexes stay as they are: PostgreSQL enforces the uniqueness (a sale's nonce, a posting's key) with them.

CREATE OR REPLACE FUNCTION kassa_gin_twins_for(index_oid oid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  def text := pg_get_indexdef(index_oid);
  tbl regclass;
  field text;
BEGIN
  IF def ILIKE '%USING gin%' OR def NOT LIKE '%_jsonb -> %' THEN
    RETURN;
  END IF;
  SELECT indrelid::regclass INTO tbl FROM pg_index WHERE indexrelid = index_oid;
  -- Top-level fields only: FerretDB pushes dotted paths down with #>, which these twins would not serve anyway.
  FOR field IN SELECT DISTINCT m[1] FROM regexp_matches(def, '\(_jsonb -> ''([^'']+)''::text\)(?! ->)', 'g') AS m LOOP
    -- fastupdate off: a pending list would be searched in full by every look-up until it is flushed, so look-ups
    -- got slower the more was written; one key per document makes the direct insert cheap.
    EXECUTE format(
      'CREATE INDEX IF NOT EXISTS %I ON %s USING gin ((_jsonb -> %L) jsonb_path_ops) WITH (fastupdate = off)',
      left(split_part(tbl::text, '.', 2), 40) || '_' || left(md5(field), 8) || '_gin',
      tbl,
      field
    );
  END LOOP;
END $$;

-- See 3 above. Runs after kassa_gin_twins_for on the same index, which has read the fields from it by then.
CREATE OR REPLACE FUNCTION kassa_empty_unread_btree(index_oid oid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  def text := pg_get_indexdef(index_oid);
  idx record;
BEGIN
  SELECT i.indisunique AS is_unique, i.indrelid::regclass AS tbl, c.relname AS name
    INTO idx FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indexrelid = index_oid;
  IF idx IS NULL OR idx.is_unique OR def NOT ILIKE '%USING btree%' OR def NOT LIKE '%_jsonb -> %' THEN
    RETURN;
  END IF;
  EXECUTE format('DROP INDEX %s', index_oid::regclass);
  -- Its definition names no `_jsonb -> ` field, so neither function touches it again.
  EXECUTE format('CREATE INDEX %I ON %s (_jsonb) WHERE false', idx.name, idx.tbl);
END $$;

CREATE OR REPLACE FUNCTION kassa_gin_twins() RETURNS event_trigger LANGUAGE plpgsql AS $$
DECLARE
  cmd record;
BEGIN
  FOR cmd IN SELECT objid FROM pg_event_trigger_ddl_commands() WHERE command_tag = 'CREATE INDEX' AND object_type = 'index' LOOP
    PERFORM kassa_gin_twins_for(cmd.objid);
    PERFORM kassa_empty_unread_btree(cmd.objid);
  END LOOP;
END $$;

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_event_trigger WHERE evtname = 'kassa_gin_twins') THEN
    CREATE EVENT TRIGGER kassa_gin_twins ON ddl_command_end WHEN TAG IN ('CREATE INDEX') EXECUTE FUNCTION kassa_gin_twins();
  END IF;
END $$;

DO $$
DECLARE
  idx oid;
BEGIN
  FOR idx IN
    SELECT i.indexrelid FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
  LOOP
    PERFORM kassa_gin_twins_for(idx);
    PERFORM kassa_empty_unread_btree(idx);
  END LOOP;
END $$;
