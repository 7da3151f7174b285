// Reading the engine's nofile ceiling and a mount's options from /proc texts (pure parsing).
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import {
  dockerdPid,
  engineNofileCeiling,
  hardNofile,
  listeningInodes,
} from '../../../../src/node/runtime/engine-limits.js'
import { mountOptionsAt, selfBindAt } from '../../../../src/node/volumes/volumes-dir.js'

describe('hardNofile', () => {
  it('reads the hard open-files limit, and nothing from unlimited or garbage', () => {
    const limits =
      'Limit                     Soft Limit           Hard Limit           Units     \nMax processes             unlimited            unlimited            processes \nMax open files            1024                 20000                files     \n'
    expect(hardNofile(limits)).toBe(20000)
    expect(hardNofile(limits.replace('20000', 'unlimited'))).toBeUndefined()
    expect(hardNofile('')).toBeUndefined()
  })

  it("finds a ceiling on this machine (dockerd's or this process's)", async () => {
    expect(await engineNofileCeiling()).toBeGreaterThan(0)
  })
})

const UNIX_TABLE = [
  'Num       RefCount Protocol Flags    Type St Inode Path',
  '00000000b4e90124: 00000003 00000000 00000000 0001 03 3173360 /var/run/docker.sock',
  '00000000f9db46b5: 00000002 00000000 00010000 0001 01 2863963 /var/run/docker.sock',
  '00000000f9db46b6: 00000002 00000000 00010000 0001 01 2863999 /run/containerd/containerd.sock',
].join('\n')

describe('dockerdPid', () => {
  it('reads the listening socket at the path, not its connections or other paths', () => {
    expect([...listeningInodes(UNIX_TABLE, '/var/run/docker.sock')]).toEqual(['2863963'])
    expect([...listeningInodes(UNIX_TABLE, '/other.sock')]).toEqual([])
  })

  it('picks, among several dockerd (Docker-in-Docker nodes), the one holding our socket', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sandock-proc-'))
    onTestFinished(() => rm(root, { recursive: true, force: true }))
    // 100: a nested node's dockerd (its own socket), 200: the host's (the listener in our table), 300: a shell.
    const procs: [string, string, string[]][] = [
      ['100', 'dockerd', ['socket:[5555]', 'pipe:[1]']],
      ['200', 'dockerd', ['anon_inode:[eventpoll]', 'socket:[2863963]']],
      ['300', 'bash', ['socket:[2863963]']],
    ]
    for (const [pid, comm, fds] of procs) {
      await mkdir(join(root, pid, 'fd'), { recursive: true })
      await writeFile(join(root, pid, 'comm'), `${comm}\n`)
      for (const [i, target] of fds.entries()) await symlink(target, join(root, pid, 'fd', String(i)))
    }
    const unixTable = join(root, 'unix')
    await writeFile(unixTable, UNIX_TABLE)
    expect(await dockerdPid(root, { unixTable })).toBe(200)
    // Nothing tells them apart (another socket path): the lowest PID.
    expect(await dockerdPid(root, { unixTable, socket: '/srv/docker.sock' })).toBe(100)
    await rm(join(root, '100'), { recursive: true })
    expect(await dockerdPid(root, { unixTable, socket: '/srv/docker.sock' })).toBe(200)
  })
})

describe('mountOptionsAt', () => {
  it('takes the last mount at exactly that path, octal escapes decoded', () => {
    const info = [
      '46 26 254:0 /data /data rw,relatime - ext4 /dev/vda rw',
      '47 46 254:0 /data /data rw,nosuid,nodev,relatime - ext4 /dev/vda rw',
      '48 26 254:0 /x /my\\040dir rw,nosuid - ext4 /dev/vda rw',
    ].join('\n')
    expect(mountOptionsAt(info, '/data')).toEqual(['rw', 'nosuid', 'nodev', 'relatime'])
    expect(mountOptionsAt(info, '/my dir')).toEqual(['rw', 'nosuid'])
    expect(mountOptionsAt(info, '/data/sub')).toBeUndefined()
  })
})

describe('selfBindAt', () => {
  it('tells the directory bound onto itself from a disk or another directory mounted there', () => {
    const info = [
      '26 1 254:0 / / rw,relatime - ext4 /dev/vda rw',
      '30 26 254:16 / /srv rw,relatime - ext4 /dev/vdb rw',
      // self-binds: on the root filesystem, and on /srv's own
      '46 26 254:0 /tmp/d/volumes /tmp/d/volumes rw,nosuid,nodev - ext4 /dev/vda rw',
      '47 30 254:16 /data/volumes /srv/data/volumes rw,nosuid,nodev - ext4 /dev/vdb rw',
      // a disk mounted there, and another directory of the same disk
      '48 26 254:32 / /var/sandock/volumes rw - ext4 /dev/vdc rw',
      '49 26 254:0 /elsewhere /opt/volumes rw - ext4 /dev/vda rw',
    ].join('\n')
    expect(selfBindAt(info, '/tmp/d/volumes')).toBe(true)
    expect(selfBindAt(info, '/srv/data/volumes')).toBe(true)
    expect(selfBindAt(info, '/var/sandock/volumes')).toBe(false)
    expect(selfBindAt(info, '/opt/volumes')).toBe(false)
    expect(selfBindAt(info, '/tmp/d/other')).toBe(false)
  })
})
