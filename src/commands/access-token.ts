// `sandock access-token create|list|revoke`: the access tokens E2B's CLI signs in with (`e2b auth
// login`), on the data dir of `sandock serve` (SANDOCK_DATA_DIR; a running server sees a change at
// once). A token is printed once, at creation; the data dir keeps only digests (access-tokens.ts).
import { parseArgs } from 'node:util'
import { mkdir } from 'node:fs/promises'
import { createAccessToken, readAccessTokens, revokeAccessToken } from '../control/access-tokens.js'
import { loadControlConfig } from '../control/config.js'

const USAGE = `Usage: sandock access-token <create [--name NAME] | list | revoke ID>

  create   issue an access token (printed once, on stdout) and an API key of its own;
           sign E2B's CLI in with it: e2b auth login (see docs/getting-started.md)
  list     the tokens: id, name, creation time (never the tokens)
  revoke   remove a token and its API key; a running server refuses both at once

Works on the data dir of SANDOCK_DATA_DIR (as \`sandock serve\`).
`

export async function accessTokenCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { name: { type: 'string' }, help: { type: 'boolean' } },
    allowPositionals: true,
  })
  const [sub, ...rest] = positionals
  if (values.help || sub === undefined) {
    process.stdout.write(USAGE)
    return values.help ? 0 : 2
  }
  const { dataDir } = loadControlConfig()
  switch (sub) {
    case 'create': {
      const name = values.name ?? 'cli'
      if (!/^[\w.@+-]{1,64}$/.test(name)) {
        process.stderr.write('sandock: --name takes 1 to 64 letters, digits and . _ @ + -\n')
        return 2
      }
      await mkdir(dataDir, { recursive: true, mode: 0o700 })
      const { record, token } = await createAccessToken(dataDir, name)
      process.stderr.write(
        `Access token ${record.id} ("${record.name}") created; it is shown only now (the data dir keeps its digest):\n`,
      )
      process.stdout.write(`${token}\n`)
      return 0
    }
    case 'list': {
      for (const t of await readAccessTokens(dataDir)) process.stdout.write(`${t.id}\t${t.name}\t${t.createdAt}\n`)
      return 0
    }
    case 'revoke': {
      const id = rest[0]
      if (!id) {
        process.stderr.write('sandock: revoke takes the id that `sandock access-token list` shows\n')
        return 2
      }
      if (!(await revokeAccessToken(dataDir, id))) {
        process.stderr.write(`sandock: no access token ${id}\n`)
        return 1
      }
      process.stderr.write(`Access token ${id} and its API key revoked.\n`)
      return 0
    }
    default:
      process.stderr.write(`sandock: unknown access-token command "${sub}"\n\n${USAGE}`)
      return 2
  }
}
