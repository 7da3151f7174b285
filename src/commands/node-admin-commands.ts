// The operator's subcommands of `sandock node` (node-admin.ts), known without loading it.
export const NODE_ADMIN_COMMANDS = ['drain', 'cordon', 'uncordon', 'list'] as const
