// TLS material for domain mode: a configured cert/key pair, or a local CA plus a wildcard
// certificate for *.<domain> generated once into the data dir (clients trust ca.crt through
// NODE_EXTRA_CA_CERTS).
import { webcrypto } from 'node:crypto'
import type { webcrypto as WebCrypto } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import * as x509 from '@peculiar/x509'

export type TlsMaterial = { cert: string; key: string; caPath: string | undefined }

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const
const DAY_MS = 86_400_000

type KeyPair = WebCrypto.CryptoKeyPair

async function pemKey(key: WebCrypto.CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key))
  return `-----BEGIN PRIVATE KEY-----\n${der
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END PRIVATE KEY-----\n`
}

/** A CA and a leaf for `*.<domain>` and `<domain>` (plus localhost), valid for `days`. */
export async function generateCertificates(
  domain: string,
  days = 825,
): Promise<{ caCert: string; caKey: string; cert: string; key: string }> {
  const crypto = webcrypto as unknown as Parameters<typeof x509.X509CertificateGenerator.create>[1]
  const notBefore = new Date(Date.now() - DAY_MS)
  const notAfter = new Date(Date.now() + days * DAY_MS)
  const caKeys = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as KeyPair
  const ca = await x509.X509CertificateGenerator.createSelfSigned(
    {
      name: `CN=Sandock local CA for ${domain}`,
      keys: caKeys,
      notBefore,
      notAfter,
      signingAlgorithm: ALG,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey, false, crypto),
      ],
    },
    crypto,
  )
  const leafKeys = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as KeyPair
  const leaf = await x509.X509CertificateGenerator.create(
    {
      subject: `CN=*.${domain}`,
      issuer: ca.subject,
      publicKey: leafKeys.publicKey,
      signingKey: caKeys.privateKey,
      notBefore,
      notAfter,
      signingAlgorithm: ALG,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth], false),
        new x509.SubjectAlternativeNameExtension(
          [
            { type: 'dns', value: `*.${domain}` },
            { type: 'dns', value: domain },
            { type: 'dns', value: 'localhost' },
            { type: 'ip', value: '127.0.0.1' },
          ],
          false,
        ),
        await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey, false, crypto),
      ],
    },
    crypto,
  )
  return {
    caCert: ca.toString('pem') + '\n',
    caKey: await pemKey(caKeys.privateKey),
    cert: leaf.toString('pem') + '\n',
    key: await pemKey(leafKeys.privateKey),
  }
}

/** Configured files win; otherwise the data dir's generated pair, created on first use. */
export async function loadTls(opts: {
  domain: string
  dataDir: string
  certFile?: string
  keyFile?: string
}): Promise<TlsMaterial & { generated: boolean }> {
  if (opts.certFile && opts.keyFile) {
    return {
      cert: await readFile(opts.certFile, 'utf8'),
      key: await readFile(opts.keyFile, 'utf8'),
      caPath: undefined,
      generated: false,
    }
  }
  const dir = join(opts.dataDir, 'tls', opts.domain)
  const caPath = join(dir, 'ca.crt')
  try {
    const [cert, key] = await Promise.all([
      readFile(join(dir, 'server.crt'), 'utf8'),
      readFile(join(dir, 'server.key'), 'utf8'),
    ])
    return { cert, key, caPath, generated: false }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
  }
  const g = await generateCertificates(opts.domain)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await writeFile(caPath, g.caCert)
  await writeFile(join(dir, 'ca.key'), g.caKey, { mode: 0o600 })
  await writeFile(join(dir, 'server.crt'), g.cert + g.caCert)
  await writeFile(join(dir, 'server.key'), g.key, { mode: 0o600 })
  return { cert: g.cert + g.caCert, key: g.key, caPath, generated: true }
}
