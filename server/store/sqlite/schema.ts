// Schema migrations, applied in order; PRAGMA user_version records how many ran.
// Append new migrations; never edit one that has shipped.
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE organizations (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,          -- lower-cased name: names are unique case-insensitively
    is_sirb INTEGER NOT NULL DEFAULT 0,
    is_admin INTEGER NOT NULL DEFAULT 0,    -- server-side role, not part of the resource
    is_disabled INTEGER NOT NULL DEFAULT 0,
    certificate_pem TEXT,
    thumbprint TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE containers (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL REFERENCES organizations(id),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX containers_owner ON containers(owner_id);
  -- collaborators; the owner is implied and never stored here
  CREATE TABLE container_access (
    container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    granted_at INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (container_id, organization_id)
  ) WITHOUT ROWID;
  CREATE INDEX container_access_org ON container_access(organization_id);
  CREATE TABLE items (
    rowid INTEGER PRIMARY KEY,
    container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
    path TEXT NOT NULL,                     -- pipe form
    depth INTEGER NOT NULL,
    owner_id TEXT NOT NULL REFERENCES organizations(id),
    header TEXT NOT NULL,
    header_hash TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    key_hash TEXT NOT NULL,
    iv TEXT NOT NULL,
    content_file TEXT NOT NULL UNIQUE,
    content_length INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    UNIQUE (container_id, path)
  );
  -- listing by prefix is a range on path; depth narrows to direct children
  CREATE INDEX items_depth_path ON items(container_id, depth, path);
  CREATE INDEX items_owner_path ON items(container_id, owner_id, path);
  CREATE INDEX items_updated ON items(container_id, updated_at);
  -- one row per organization that can read the item, the owner included
  CREATE TABLE item_keys (
    item_rowid INTEGER NOT NULL REFERENCES items(rowid) ON DELETE CASCADE,
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    key TEXT NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (item_rowid, organization_id)
  ) WITHOUT ROWID;
  CREATE INDEX item_keys_org ON item_keys(organization_id, item_rowid);
  CREATE TABLE seen_requests (
    organization_id TEXT NOT NULL,
    request_id TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (organization_id, request_id)
  ) WITHOUT ROWID;
  CREATE INDEX seen_requests_expiry ON seen_requests(expires_at);
  `,
  `
  -- one key, one organization (decisions §3): a thumbprint another organization has is refused
  CREATE UNIQUE INDEX organizations_thumbprint ON organizations(thumbprint) WHERE thumbprint <> '';
  `,
];
