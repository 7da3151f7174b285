// The `base` template offers the commands users expect from E2B's base (docs/templates.md: "The
// base template"): each one is run in the sandbox as the default user, through the official SDK.
import type { Sandbox } from 'e2b'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { unique as uniqueName } from '../support/async.js'
import { connectSandbox } from '../support/sdk.js'

let sbx: Sandbox

beforeAll(async () => {
  sbx = await connectSandbox()
})

/** Runs `cmd` with bash as `user` and returns stdout; a non-zero exit fails the test with stderr. */
async function sh(cmd: string, opts: { cwd?: string } = {}): Promise<string> {
  const res = await sbx.commands.run(cmd, { ...opts, timeoutMs: 120_000 }).catch((e: unknown) => {
    const r = e as { stderr?: string; exitCode?: number }
    throw new Error(`'${cmd}' exited ${r.exitCode}: ${r.stderr ?? String(e)}`)
  })
  return res.stdout
}

async function workDir(): Promise<string> {
  const dir = `/home/user/${uniqueName('base')}`
  await sbx.files.makeDir(dir)
  onTestFinished(() => sbx.files.remove(dir))
  return dir
}

describe('base template commands', () => {
  it.each([
    ['python --version', /^Python 3\.\d+/],
    ['python3 --version', /^Python 3\.\d+/],
    ['pip --version', /python 3\.\d+/],
    ['pip3 --version', /python 3\.\d+/],
    ['node --version', /^v24\./],
    ['npm --version', /^\d+\.\d+\.\d+/],
    ['npx --version', /^\d+\.\d+\.\d+/],
    ['git --version', /^git version/],
    ['curl --version', /^curl \d/],
    ['wget --version', /^GNU Wget/],
    ['unzip -v', /^UnZip \d/],
    ['echo \'{"a":[1,2]}\' | jq -c .a', /^\[1,2\]$/],
    ['ps -o pid=,comm= -p 1', /^1\s+\S+$/],
    ['netstat -tln', /:49983\b/],
    ['ss -tln', /:49983\b/],
    ['less --version', /^less \d+/],
    ['nano --version', /GNU nano/],
    ['vim --version', /VIM - Vi IMproved/],
    ['vi --version', /VIM - Vi IMproved/],
    ['gcc --version', /^gcc/],
    ['g++ --version', /^g\+\+/],
    ['make --version', /^GNU Make/],
    ['sudo -n true && echo ok', /^ok$/],
    ['setfattr --version', /^setfattr \d/],
  ])('%s', async (cmd, expected) => {
    expect((await sh(cmd)).trim()).toMatch(expected)
  })

  it("setfattr's user.e2b.* xattrs surface as the file's metadata (getInfo, list)", async () => {
    const dir = await workDir()
    await sbx.files.write(`${dir}/tagged.txt`, 'content')
    await sh(`setfattr -n user.e2b.author -v mish ${dir}/tagged.txt`)
    expect((await sbx.files.getInfo(`${dir}/tagged.txt`)).metadata).toEqual({ author: 'mish' })
    expect((await sbx.files.list(dir)).find((e) => e.name === 'tagged.txt')?.metadata).toEqual({ author: 'mish' })
  })

  it('pip installs without the externally-managed refusal, and venv works', async () => {
    const dir = await workDir()
    // Offline: nothing to find, but pip gets past the PEP 668 check to the index lookup.
    const res = await sbx.commands
      .run('pip install --no-index sandock-no-such-package', { cwd: dir })
      .catch((e: { stderr: string }) => e)
    expect(res.stderr).not.toContain('externally-managed-environment')
    expect(res.stderr).toMatch(/No matching distribution|Could not find a version/)
    expect(await sh(`python -m venv ${dir}/venv && ${dir}/venv/bin/python -c 'import sys; print(sys.prefix)'`)).toBe(
      `${dir}/venv\n`,
    )
  })

  it('npm (run by the template node) installs a local package, and global installs go to /usr/local', async () => {
    const dir = await workDir()
    await sbx.files.write(
      `${dir}/greet/package.json`,
      JSON.stringify({ name: 'greet', version: '1.0.0', main: 'index.js' }),
    )
    await sbx.files.write(`${dir}/greet/index.js`, "module.exports = () => 'hello from greet'\n")
    await sh('npm init -y >/dev/null && npm install --offline --no-audit --no-fund ./greet', { cwd: `${dir}` })
    expect(await sh(`node -e "console.log(require('greet')())"`, { cwd: dir })).toBe('hello from greet\n')
    expect((await sh('npm config get prefix')).trim()).toBe('/usr/local')
    expect((await sh('npm exec -- node --version')).trim()).toMatch(/^v24\./)
  })

  it('gcc, g++ and make build and run programs; Python C extensions compile against the headers', async () => {
    const dir = await workDir()
    await sbx.files.write(`${dir}/hello.c`, '#include <stdio.h>\nint main(void) { puts("hello c"); return 0; }\n')
    await sbx.files.write(
      `${dir}/hello.cpp`,
      '#include <iostream>\nint main() { std::cout << "hello c++" << std::endl; }\n',
    )
    await sbx.files.write(`${dir}/Makefile`, 'all: hello\nhello: hello.c\n\tgcc -o $@ $<\n')
    expect(await sh('make -s && ./hello', { cwd: dir })).toBe('hello c\n')
    expect(await sh('g++ -o hellopp hello.cpp && ./hellopp', { cwd: dir })).toBe('hello c++\n')
    await sbx.files.write(
      `${dir}/ext.c`,
      [
        '#include <Python.h>',
        'static struct PyModuleDef m = { PyModuleDef_HEAD_INIT, "ext", NULL, -1, NULL };',
        'PyMODINIT_FUNC PyInit_ext(void) { PyObject *mod = PyModule_Create(&m); PyModule_AddIntConstant(mod, "answer", 42); return mod; }',
        '',
      ].join('\n'),
    )
    await sh('gcc -shared -fPIC $(python3-config --includes) ext.c -o ext$(python3-config --extension-suffix)', {
      cwd: dir,
    })
    expect(await sh(`python -c 'import ext; print(ext.answer)'`, { cwd: dir })).toBe('42\n')
  })
})
