// Each node agent's own PostgreSQL role, so a node's root can do in the database what that node's
// agent does and no more: it cannot enroll as another node (node_keys, node_csrs), move another
// node's sandboxes or rows, rewrite templates, secrets or volumes, or run anything as the owner.
//
// - `sandock_enroll`: the only thing a node holds at its first connection. Its password is derived
//   from the node token (the join secret every node and replica has); it may only call the three
//   enrollment functions (submit a CSR, read its answer by its random request id, withdraw it).
// - `sandock_node_<id>`: one per node, created (or its password replaced) by the control replica
//   that signs the node's CSR. The node draws a new random password at each start and sends only
//   its SCRAM-SHA-256 verifier with the CSR: the password never leaves the node, and the verifier
//   does not let anyone log in. A member of `sandock_nodes`, which holds the grants below.
// - Row-level security: a node writes only rows naming itself (sandock_node_id(): the node whose
//   role this session logged in as; a session cannot change its login role).
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto'
import pg from 'pg'
import type { Tx } from './pg.js'

export const ENROLL_ROLE = 'sandock_enroll'
export const NODES_GROUP = 'sandock_nodes'
const NODE_ROLE_PREFIX = 'sandock_node_'

/** A node's login role (PostgreSQL names are at most 63 bytes: a long node id is hashed). */
export function nodeRoleName(nodeId: string): string {
  const name = NODE_ROLE_PREFIX + nodeId
  return Buffer.byteLength(name) <= 63
    ? name
    : `${NODE_ROLE_PREFIX}h_${createHash('sha256').update(nodeId).digest('hex').slice(0, 40)}`
}

/** The enrollment role's password: derived from the node token, so a node needs nothing else to join. */
export const enrollPassword = (nodeToken: string) =>
  createHmac('sha256', nodeToken).update('sandock-db-enroll').digest('base64url')

/** A random password for a node's role (drawn at each start, never stored). */
export const newNodePassword = () => randomBytes(32).toString('base64url')

/**
 * PostgreSQL's SCRAM-SHA-256 verifier of `password` (what `CREATE ROLE … PASSWORD` stores when
 * given one): the server checks a login with it, and it cannot be used to log in.
 */
export function scramVerifier(password: string, salt = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256')
  const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest()
  const storedKey = createHash('sha256').update(hmac(salted, 'Client Key')).digest()
  const serverKey = hmac(salted, 'Server Key')
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`
}

const B64 = '[A-Za-z0-9+/]+={0,2}'
const VERIFIER = new RegExp(`^SCRAM-SHA-256\\$\\d{4,7}:${B64}\\$${B64}:${B64}$`)
export const isScramVerifier = (v: string) => v.length <= 300 && VERIFIER.test(v)

const quote = (name: string) => pg.escapeIdentifier(name)

/** At most this many enrollment requests wait at once (the enroll role cannot fill the table). */
const MAX_PENDING_CSRS = 200

/**
 * The roles, grants, enrollment functions and row policies (control's migrate, under the schema
 * lock, as the database's owner). Idempotent.
 */
export function nodeAccessSql(): string {
  const group = quote(NODES_GROUP)
  const enroll = quote(ENROLL_ROLE)
  const own = 'node_id = sandock_node_id()'
  const policy = (table: string, name: string, body: string) =>
    `DROP POLICY IF EXISTS ${name} ON ${table}; CREATE POLICY ${name} ON ${table} ${body};`
  return `
-- Roles belong to the server, not the database: another database's migrate may make them first.
DO $$ BEGIN CREATE ROLE ${group} NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
DO $$ BEGIN CREATE ROLE ${enroll} LOGIN CONNECTION LIMIT 20;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
ALTER TABLE node_csrs ADD COLUMN IF NOT EXISTS db_verifier TEXT;
ALTER TABLE node_csrs ADD COLUMN IF NOT EXISTS db_role TEXT;
CREATE TABLE IF NOT EXISTS node_roles (role_name TEXT PRIMARY KEY, node_id TEXT NOT NULL UNIQUE);

CREATE OR REPLACE FUNCTION sandock_node_id() RETURNS TEXT LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp AS $f$ SELECT node_id FROM node_roles WHERE role_name = session_user $f$;
CREATE OR REPLACE FUNCTION sandock_enroll_submit(p_request_id TEXT, p_node_id TEXT, p_csr TEXT, p_proof TEXT, p_verifier TEXT)
  RETURNS VOID LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $f$
BEGIN
  IF length(p_request_id) > 64 OR length(p_node_id) > 255 OR length(p_csr) > 16384 OR length(p_proof) > 128 OR length(p_verifier) > 300 THEN
    RAISE EXCEPTION 'enrollment request too large' USING ERRCODE = '22023';
  END IF;
  IF (SELECT count(*) FROM node_csrs WHERE cert IS NULL AND refused IS NULL) >= ${MAX_PENDING_CSRS} THEN
    RAISE EXCEPTION 'too many enrollment requests waiting' USING ERRCODE = '53400';
  END IF;
  INSERT INTO node_csrs (request_id, node_id, csr, proof, db_verifier) VALUES (p_request_id, p_node_id, p_csr, p_proof, p_verifier);
END $f$;
CREATE OR REPLACE FUNCTION sandock_enroll_answer(p_request_id TEXT) RETURNS TABLE (cert TEXT, refused TEXT, db_role TEXT)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
  $f$ SELECT c.cert, c.refused, c.db_role FROM node_csrs c WHERE c.request_id = p_request_id $f$;
CREATE OR REPLACE FUNCTION sandock_enroll_withdraw(p_request_id TEXT) RETURNS VOID LANGUAGE sql SECURITY DEFINER
  SET search_path = public, pg_temp AS $f$ DELETE FROM node_csrs WHERE request_id = p_request_id $f$;
REVOKE ALL ON FUNCTION sandock_node_id(), sandock_enroll_submit(TEXT, TEXT, TEXT, TEXT, TEXT),
  sandock_enroll_answer(TEXT), sandock_enroll_withdraw(TEXT) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION sandock_enroll_submit(TEXT, TEXT, TEXT, TEXT, TEXT), sandock_enroll_answer(TEXT),
  sandock_enroll_withdraw(TEXT) TO ${enroll};
GRANT EXECUTE ON FUNCTION sandock_node_id() TO ${group};

REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${group}, ${enroll};
-- What an agent reads: the template catalog and files, snapshots, secrets (sealed: the agent
-- resolves placeholders in its sandboxes' egress), volumes, the node registry, settings.
GRANT SELECT ON templates, builtin_templates, builds, tags, template_files, snapshots, secrets, volumes,
  volume_nodes, nodes, cluster_settings TO ${group};
-- What it writes, each to its own rows only (the policies below).
GRANT INSERT, UPDATE (address, api_port, proxy_port, cpu_count, memory_mb, status, started_at, heartbeat_at) ON nodes TO ${group};
GRANT INSERT, DELETE ON snapshots TO ${group};
GRANT INSERT, DELETE ON volume_nodes TO ${group};
GRANT DELETE ON volumes TO ${group};
GRANT INSERT ON cluster_settings TO ${group};

ALTER TABLE nodes ENABLE ROW LEVEL SECURITY;
${policy('nodes', 'nodes_read', `FOR SELECT TO ${group} USING (true)`)}
${policy('nodes', 'nodes_own_insert', `FOR INSERT TO ${group} WITH CHECK (${own})`)}
${policy('nodes', 'nodes_own_update', `FOR UPDATE TO ${group} USING (${own}) WITH CHECK (${own})`)}
ALTER TABLE snapshots ENABLE ROW LEVEL SECURITY;
${policy('snapshots', 'snapshots_read', `FOR SELECT TO ${group} USING (true)`)}
${policy('snapshots', 'snapshots_own_insert', `FOR INSERT TO ${group} WITH CHECK (${own})`)}
${policy('snapshots', 'snapshots_own_delete', `FOR DELETE TO ${group} USING (${own})`)}
ALTER TABLE volume_nodes ENABLE ROW LEVEL SECURITY;
${policy('volume_nodes', 'volume_nodes_read', `FOR SELECT TO ${group} USING (true)`)}
${policy('volume_nodes', 'volume_nodes_own_insert', `FOR INSERT TO ${group} WITH CHECK (${own})`)}
${policy('volume_nodes', 'volume_nodes_own_delete', `FOR DELETE TO ${group} USING (${own})`)}
ALTER TABLE volumes ENABLE ROW LEVEL SECURITY;
${policy('volumes', 'volumes_read', `FOR SELECT TO ${group} USING (true)`)}
${policy('volumes', 'volumes_purge_deleted', `FOR DELETE TO ${group} USING (deleted_at IS NOT NULL)`)}
ALTER TABLE cluster_settings ENABLE ROW LEVEL SECURITY;
${policy('cluster_settings', 'cluster_settings_read', `FOR SELECT TO ${group} USING (true)`)}
${policy('cluster_settings', 'cluster_settings_marker', `FOR INSERT TO ${group} WITH CHECK (key = 'volumes_dir_marker')`)}
`
}

/** Sets the enrollment role's password from the node token (each control replica at its start: the same password). */
export async function setEnrollPassword(tx: Tx | pg.Pool, nodeToken: string): Promise<void> {
  await tx.query(
    `ALTER ROLE ${quote(ENROLL_ROLE)} PASSWORD ${pg.escapeLiteral(scramVerifier(enrollPassword(nodeToken)))}`,
  )
}

/**
 * Gives `nodeId` its login role with the password whose verifier the node sent (made, or its
 * password replaced), inside the signer's transaction. Resolves the role's name.
 */
export async function grantNodeRole(tx: Tx, nodeId: string, verifier: string): Promise<string> {
  if (!isScramVerifier(verifier)) throw new Error('not a SCRAM-SHA-256 verifier')
  const role = nodeRoleName(nodeId)
  const exists = (await tx.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])).rows.length > 0
  const attrs = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS CONNECTION LIMIT 20 PASSWORD ${pg.escapeLiteral(verifier)}`
  await tx.query(
    exists ? `ALTER ROLE ${quote(role)} ${attrs}` : `CREATE ROLE ${quote(role)} ${attrs} IN ROLE ${quote(NODES_GROUP)}`,
  )
  await tx.query(
    'INSERT INTO node_roles (role_name, node_id) VALUES ($1, $2) ON CONFLICT (role_name) DO UPDATE SET node_id = excluded.node_id',
    [role, nodeId],
  )
  return role
}
