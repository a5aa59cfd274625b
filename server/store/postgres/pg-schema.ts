// PostgreSQL schema migrations, applied in order; schema_migrations records which ran.
// The tables and constraints are the SQLite schema's (sqlite/schema.ts), plus content as
// chunk rows and the trusted CAs (a data folder keeps those in files). Append new
// migrations; never edit one that has shipped.
export const PG_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE organizations (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,          -- lower-cased name: names are unique case-insensitively
    is_sirb SMALLINT NOT NULL DEFAULT 0 CHECK (is_sirb IN (0, 1)),
    is_admin SMALLINT NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
    is_disabled SMALLINT NOT NULL DEFAULT 0 CHECK (is_disabled IN (0, 1)),
    certificate_pem TEXT,
    thumbprint TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  );
  CREATE INDEX organizations_name_prefix ON organizations (name_key text_pattern_ops);

  CREATE TABLE containers (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL REFERENCES organizations(id),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  );
  CREATE INDEX containers_owner ON containers(owner_id);

  -- collaborators; the owner is implied and never stored here
  CREATE TABLE container_access (
    container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    granted_at BIGINT NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (container_id, organization_id)
  );
  CREATE INDEX container_access_org ON container_access(organization_id);

  -- content of one item version: chunk rows written in the item's transaction
  CREATE TABLE contents (
    id TEXT PRIMARY KEY,
    size BIGINT NOT NULL
  );
  CREATE TABLE content_chunks (
    content_id TEXT NOT NULL REFERENCES contents(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    data BYTEA NOT NULL,
    PRIMARY KEY (content_id, seq)
  );
  -- chunks are already ciphertext: compressing them gains nothing and costs time
  ALTER TABLE content_chunks ALTER COLUMN data SET STORAGE EXTERNAL;

  CREATE TABLE items (
    rowid BIGSERIAL PRIMARY KEY,
    container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
    path TEXT COLLATE "C" NOT NULL,         -- pipe form; byte order, as SQLite sorts it
    depth INTEGER NOT NULL,
    owner_id TEXT NOT NULL REFERENCES organizations(id),
    header TEXT NOT NULL,
    header_hash TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    key_hash TEXT NOT NULL,
    iv TEXT NOT NULL,
    content_id TEXT NOT NULL UNIQUE REFERENCES contents(id),
    content_length BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (container_id, path)
  );
  -- listing by prefix is a range on path; depth narrows to direct children
  CREATE INDEX items_depth_path ON items(container_id, depth, path);
  CREATE INDEX items_owner_path ON items(container_id, owner_id, path);
  CREATE INDEX items_updated ON items(container_id, updated_at);

  -- one row per organization that can read the item, the owner included
  CREATE TABLE item_keys (
    item_rowid BIGINT NOT NULL REFERENCES items(rowid) ON DELETE CASCADE,
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    key TEXT NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (item_rowid, organization_id)
  );
  CREATE INDEX item_keys_org ON item_keys(organization_id, item_rowid);

  -- replay refusal across every server process of the deployment
  CREATE TABLE seen_requests (
    organization_id TEXT NOT NULL,
    request_id TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (organization_id, request_id)
  );
  CREATE INDEX seen_requests_expiry ON seen_requests(expires_at);

  CREATE TABLE trusted_cas (
    name TEXT PRIMARY KEY,
    pem TEXT NOT NULL
  );
  `,
  `
  -- what the listing writes into its JSON between quotes as it is (pg-store.ts): the routes
  -- store only Base-64 and hex here, so nothing needs escaping; the schema holds them to it
  ALTER TABLE items ADD CONSTRAINT items_json_safe CHECK (
    header ~ '^[A-Za-z0-9+/=]*$' AND header_hash ~ '^[A-Za-z0-9+/=]*$' AND content_hash ~ '^[A-Za-z0-9+/=]*$'
    AND key_hash ~ '^[A-Za-z0-9+/=]*$' AND iv ~ '^[A-Za-z0-9+/=]*$');
  ALTER TABLE item_keys ADD CONSTRAINT item_keys_json_safe CHECK (key ~ '^[A-Za-z0-9+/=]*$');
  `,
  `
  -- one key, one organization (decisions §3): the index, not a check before the write, is what
  -- refuses two nodes registering the same certificate for two organizations at once
  CREATE UNIQUE INDEX organizations_thumbprint ON organizations (thumbprint) WHERE thumbprint <> '';
  `,
];
