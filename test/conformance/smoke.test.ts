import { expect, it } from 'vitest'
import { connectSandbox } from '../support/sdk.js'

it('runs a command as the default user in its home', async () => {
  const sbx = await connectSandbox()
  const res = await sbx.commands.run('whoami; pwd')
  expect(res.exitCode).toBe(0)
  expect(res.stdout).toBe('user\n/home/user\n')
})
