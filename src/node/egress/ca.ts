// The interception CA of one sandbox (minted once, kept in the data dir so it is stable across
// pauses, resumes and server restarts, removed with the sandbox), the leaf certificates the
// gateway presents for the hosts a transform rule intercepts, minted on first use and cached, and
// the roots the real upstreams of those hosts are verified against.
import { createPrivateKey, webcrypto } from 'node:crypto'
import type { webcrypto as WebCrypto } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import tls, { createSecureContext, type SecureContext } from 'node:tls'
import * as x509 from '@peculiar/x509'
import { DAY_MS, EC_P256 as ALG, newSelfSignedCa, privateKeyPem, x509Crypto as crypto } from '../../shared/x509.js'

/** Leaves are valid a week and re-minted after a day, so a long-lived sandbox never sees one expire. */
const LEAF_DAYS = 7
const LEAF_REUSE_MS = DAY_MS
const LEAF_CACHE_MAX = 256

export type SandboxCa = Readonly<{ certPem: string; keyPem: string }>

/** A new CA for one sandbox (ECDSA P-256, 10 years: it lives as long as the sandbox). */
export async function createSandboxCa(sandboxId: string): Promise<SandboxCa> {
  const { cert, keys } = await newSelfSignedCa({ name: `CN=Sandock egress CA for ${sandboxId}, O=Sandock`, days: 3650 })
  return { certPem: cert.toString('pem') + '\n', keyPem: await privateKeyPem(keys.privateKey) }
}

const caFile = (dir: string, sandboxId: string) => join(dir, `${sandboxId}.pem`)

/** The sandbox's CA from `dir` (cert then key in one 0600 file), created on first use. */
export async function loadOrCreateSandboxCa(dir: string, sandboxId: string): Promise<SandboxCa> {
  try {
    const text = await readFile(caFile(dir, sandboxId), 'utf8')
    const certPem = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n/)?.[0]
    const keyPem = text.match(/-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----\n/)?.[0]
    if (certPem && keyPem) return { certPem, keyPem }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
  }
  const ca = await createSandboxCa(sandboxId)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await writeFile(caFile(dir, sandboxId), ca.certPem + ca.keyPem, { mode: 0o600 })
  return ca
}

export async function removeSandboxCa(dir: string, sandboxId: string): Promise<void> {
  await rm(caFile(dir, sandboxId), { force: true })
}

export type LeafMinter = { contextFor(hostname: string): Promise<SecureContext> }

/** Leaf certificates for hostnames, signed by `ca`; one leaf key per minter, contexts cached per host. */
export function createLeafMinter(ca: SandboxCa): LeafMinter {
  const caCert = new x509.X509Certificate(ca.certPem)
  const caKey = webcrypto.subtle.importKey(
    'pkcs8',
    createPrivateKey(ca.keyPem).export({ type: 'pkcs8', format: 'der' }),
    ALG,
    false,
    ['sign'],
  )
  const leafKeys = webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']) as Promise<WebCrypto.CryptoKeyPair>
  const leafKeyPem = leafKeys.then((k) => privateKeyPem(k.privateKey))
  const cache = new Map<string, { at: number; ctx: Promise<SecureContext> }>()

  async function mint(hostname: string): Promise<SecureContext> {
    const [signingKey, keys, keyPem] = await Promise.all([caKey, leafKeys, leafKeyPem])
    const leaf = await x509.X509CertificateGenerator.create(
      {
        subject: `CN=${hostname}`,
        issuer: caCert.subject,
        publicKey: keys.publicKey,
        signingKey,
        serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(12))).toString('hex'),
        notBefore: new Date(Date.now() - DAY_MS),
        notAfter: new Date(Date.now() + LEAF_DAYS * DAY_MS),
        signingAlgorithm: ALG,
        extensions: [
          new x509.BasicConstraintsExtension(false, undefined, true),
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
          new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth], false),
          new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: hostname }], false),
          await x509.AuthorityKeyIdentifierExtension.create(caCert, false, crypto),
        ],
      },
      crypto,
    )
    return createSecureContext({ cert: leaf.toString('pem') + '\n' + ca.certPem, key: keyPem })
  }

  return {
    contextFor(hostname) {
      const now = Date.now()
      const hit = cache.get(hostname)
      if (hit && now - hit.at < LEAF_REUSE_MS) return hit.ctx
      if (cache.size >= LEAF_CACHE_MAX) cache.delete(cache.keys().next().value!)
      const ctx = mint(hostname)
      ctx.catch(() => cache.delete(hostname))
      cache.set(hostname, { at: now, ctx })
      return ctx
    },
  }
}

/** The host's trust store for verifying intercepted upstreams: Node's bundled roots, the system store, and extra PEMs. */
export function hostTrustStore(extraPem: readonly string[] = []): string[] {
  const get = (tls as unknown as { getCACertificates?: (which: string) => string[] }).getCACertificates
  const system = (() => {
    try {
      return get?.('system') ?? []
    } catch {
      return []
    }
  })()
  return [...tls.rootCertificates, ...system, ...extraPem]
}
