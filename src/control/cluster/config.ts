// loadClusterConfig(): the SANDOCK_* variables of `sandock control` and `sandock node`, on top of
// `sandock serve`'s (control/config.ts), validated once and frozen. Secrets are files (Swarm
// secrets under /run/secrets), read at start, never values in the environment.
import { hostname } from 'node:os'
import { envReader } from '../../shared/config.js'

export type ClusterConfig = Readonly<{
  /** postgres://user:password@host:port/db: the cluster's shared state. */
  databaseUrl: string
  /**
   * File with the database password (a Swarm secret), when the URL carries none: control's. A node
   * given one uses it (the shared credential, an older stack's); without it a node enrolls a role
   * of its own (node-db-roles.ts).
   */
  databasePasswordFile: string | undefined
  /**
   * File with the token seed (the secret store's key, upload URLs, volume tokens): the same on every
   * replica and node. Sandboxes' envd and traffic tokens come from each node's own seed instead.
   */
  tokenSeedFile: string
  /** File with the node token control shows the agents (and a node's join proof when it enrolls). */
  nodeTokenFile: string
  /**
   * Mutual TLS between control and the agents (SANDOCK_CLUSTER_TLS, default on; `off` is the
   * documented plain-HTTP opt-out): the cluster CA's certificate file (every replica and agent) and
   * its key file (control only; an agent refuses to start with one).
   */
  clusterTls: boolean
  clusterCaFile: string
  clusterCaKeyFile: string | undefined
  /** File with API keys, one per line or comma-separated (control); SANDOCK_API_KEYS adds to it. */
  apiKeysFile: string | undefined
  /**
   * An access token file (`sandock access-token create` writes one; a Swarm secret) for the E2B
   * CLI's sign-in and GET /teams on control; its tokens' API keys are configured keys too.
   */
  accessTokensFile: string | undefined
  /** host:port of the image registry nodes push builds and snapshots to and pull from ('' = none: images stay on their node). */
  registry: string
  /** File with the registry's `user:password` (the sandock_registry_auth Swarm secret): a node logs in with it to push and pull. */
  registryAuthFile: string | undefined
  /** This node's name in the cluster (default the hostname). */
  nodeId: string
  /** The address control reaches this node's agent and proxy at (default: the one this node reaches PostgreSQL from). */
  nodeAddress: string | undefined
  /** The agent API's port (the node's sandbox proxy is on SANDOCK_PROXY_PORT). */
  agentPort: number
  /** Where the host's /proc is mounted in the agent's container (egress rules enter sandboxes' namespaces through it). */
  hostProc: string
  /** CPUs and memory placement may hand out on this node (default: the machine's). */
  nodeCpus: number | undefined
  nodeMemoryMB: number | undefined
  heartbeatMs: number
  /** A node whose heartbeat is older is dead: placement skips it and its sandboxes are gone. */
  deadAfterMs: number
  /** How often one control replica reconciles the sandbox catalog with the nodes. */
  reconcileMs: number
  /**
   * SANDOCK_VOLUMES_DIR: the shared directory (the same filesystem at the same path on every node
   * and replica) user volumes live on; without it the cluster has no user volumes.
   */
  sharedVolumesDir: string | undefined
}>

export function loadClusterConfig(env: NodeJS.ProcessEnv = process.env, role: 'control' | 'node'): ClusterConfig {
  const r = envReader(env)
  const config = {
    databaseUrl: r.str('SANDOCK_DATABASE_URL', ''),
    databasePasswordFile: r.optStr('SANDOCK_DATABASE_PASSWORD_FILE'),
    tokenSeedFile: r.str('SANDOCK_TOKEN_SEED_FILE', ''),
    nodeTokenFile: r.str('SANDOCK_NODE_TOKEN_FILE', ''),
    clusterTls: r.str('SANDOCK_CLUSTER_TLS', 'on') !== 'off',
    clusterCaFile: r.str('SANDOCK_CLUSTER_CA_FILE', ''),
    clusterCaKeyFile: r.optStr('SANDOCK_CLUSTER_CA_KEY_FILE'),
    apiKeysFile: r.optStr('SANDOCK_API_KEYS_FILE'),
    accessTokensFile: r.optStr('SANDOCK_ACCESS_TOKENS_FILE'),
    registry: r.str('SANDOCK_REGISTRY', ''),
    registryAuthFile: r.optStr('SANDOCK_REGISTRY_AUTH_FILE'),
    nodeId: r.str('SANDOCK_NODE_ID', hostname()),
    nodeAddress: r.optStr('SANDOCK_NODE_ADDRESS'),
    agentPort: r.int('SANDOCK_AGENT_PORT', 3003, { min: 0, max: 65535 }),
    hostProc: r.str('SANDOCK_HOST_PROC', '/proc'),
    nodeCpus:
      r.optStr('SANDOCK_NODE_CPUS') === undefined ? undefined : r.int('SANDOCK_NODE_CPUS', 1, { min: 1, max: 4096 }),
    nodeMemoryMB:
      r.optStr('SANDOCK_NODE_MEMORY_MB') === undefined ? undefined : r.int('SANDOCK_NODE_MEMORY_MB', 1024, { min: 64 }),
    heartbeatMs: r.int('SANDOCK_NODE_HEARTBEAT_MS', 2000, { min: 100 }),
    deadAfterMs: r.int('SANDOCK_NODE_DEAD_AFTER_MS', 6000, { min: 300 }),
    reconcileMs: r.int('SANDOCK_RECONCILE_MS', 10_000, { min: 500 }),
    sharedVolumesDir: r.optStr('SANDOCK_VOLUMES_DIR'),
  }
  if (!/^postgres(ql)?:\/\//.test(config.databaseUrl)) r.problem('SANDOCK_DATABASE_URL must be a postgres:// URL')
  if (!config.tokenSeedFile)
    r.problem('SANDOCK_TOKEN_SEED_FILE is required (a Swarm secret: the same seed on every replica and node)')
  if (!config.nodeTokenFile)
    r.problem('SANDOCK_NODE_TOKEN_FILE is required (a Swarm secret: control shows it to the node agents)')
  if (!['on', 'off'].includes(r.str('SANDOCK_CLUSTER_TLS', 'on')))
    r.problem(`SANDOCK_CLUSTER_TLS must be on or off, got "${env.SANDOCK_CLUSTER_TLS}"`)
  if (config.clusterTls && !config.clusterCaFile)
    r.problem(
      'SANDOCK_CLUSTER_CA_FILE is required (the cluster CA certificate from `sandock cluster init`, a Swarm secret), or SANDOCK_CLUSTER_TLS=off for plain HTTP between control and agents',
    )
  if (config.clusterTls && role === 'control' && !config.clusterCaKeyFile)
    r.problem('SANDOCK_CLUSTER_CA_KEY_FILE is required on control (the cluster CA key from `sandock cluster init`)')
  if (role === 'node' && !config.clusterCaFile && !config.databasePasswordFile)
    r.problem(
      'a node needs SANDOCK_CLUSTER_CA_FILE to enroll its own database role (or SANDOCK_DATABASE_PASSWORD_FILE: the shared credential)',
    )
  if (role === 'node' && config.clusterCaKeyFile)
    r.problem('SANDOCK_CLUSTER_CA_KEY_FILE must not be given to a node agent: only control replicas hold the CA key')
  if (config.registry && !/^[a-z0-9.-]+(:\d+)?$/i.test(config.registry))
    r.problem(`SANDOCK_REGISTRY must be host[:port], got "${config.registry}"`)
  if (role === 'node' && !/^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/.test(config.nodeId))
    r.problem(`SANDOCK_NODE_ID must be a name, got "${config.nodeId}"`)
  if (config.sharedVolumesDir !== undefined && !config.sharedVolumesDir.startsWith('/'))
    r.problem(`SANDOCK_VOLUMES_DIR must be an absolute path, got "${config.sharedVolumesDir}"`)
  if (config.deadAfterMs <= config.heartbeatMs)
    r.problem('SANDOCK_NODE_DEAD_AFTER_MS must exceed SANDOCK_NODE_HEARTBEAT_MS')
  r.assertValid()
  return Object.freeze(config)
}
