-- Shop schema.
\echo Use "CREATE EXTENSION shop" to load this file. \quit

CREATE SCHEMA IF NOT EXISTS shop;

-- Users of the app.
CREATE TABLE IF NOT EXISTS shop.users (
  id BIGSERIAL PRIMARY KEY,
  -- login name
  email TEXT NOT NULL UNIQUE,
  created_at TIMESTAMPTZ DEFAULT now(),
  CONSTRAINT email_ck CHECK (email <> '')
);

CREATE TABLE "Orders" (
  "Id" int NOT NULL,
  user_id bigint REFERENCES shop.users (id)
);

/* Users who logged in lately. */
CREATE VIEW active_users AS
  SELECT * FROM shop.users WHERE id > 0;

CREATE MATERIALIZED VIEW order_counts AS SELECT user_id, count(*) FROM "Orders" GROUP BY user_id;

CREATE UNIQUE INDEX users_email_idx ON shop.users (email);

-- Adds two integers.
CREATE OR REPLACE FUNCTION add(a integer, b integer) RETURNS integer AS $$
  SELECT a + b;
$$ LANGUAGE sql;

CREATE PROCEDURE cleanup(days int)
LANGUAGE sql
AS $$ DELETE FROM shop.users WHERE id < days $$;

CREATE TRIGGER users_audit AFTER INSERT ON shop.users FOR EACH ROW EXECUTE FUNCTION audit();

CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
CREATE TYPE pair AS (a int, b text);

CREATE SEQUENCE order_seq START 100;

GRANT SELECT ON shop.users TO PUBLIC;
CREATE RULE users_ro AS ON UPDATE TO shop.users DO INSTEAD NOTHING;

-- All pairs.
CREATE FUNCTION pairs(OUT a int, OUT b int) RETURNS SETOF RECORD
  AS 'SELECT 1, 2' LANGUAGE sql;

ALTER TABLE shop.users ADD COLUMN name TEXT;
INSERT INTO shop.users (email) VALUES ('a@b');
