// TLS material for domain mode: a configured cert/key pair, or a local CA plus a wildcard
// certificate for *.<domain> generated once into the data dir (clients trust ca.crt through
// NODE_EXTRA_CA_CERTS).
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import * as x509 from '@peculiar/x509'
import { EC_P256, newKeyPair, newSelfSignedCa, privateKeyPem, x509Crypto } from '../shared/x509.js'

export type TlsMaterial = { cert: string; key: string; caPath: string | undefined }

/** A CA and a leaf for `*.<domain>` and `<domain>` (plus localhost), valid for `days`. */
export async function generateCertificates(
  domain: string,
  days = 825,
): Promise<{ caCert: string; caKey: string; cert: string; key: string }> {
  const { cert: ca, keys: caKeys } = await newSelfSignedCa({ name: `CN=Sandock local CA for ${domain}`, days })
  // The leaf is valid exactly as long as its CA.
  const { notBefore, notAfter } = ca
  const leafKeys = await newKeyPair()
  const leaf = await x509.X509CertificateGenerator.create(
    {
      subject: `CN=*.${domain}`,
      issuer: ca.subject,
      publicKey: leafKeys.publicKey,
      signingKey: caKeys.privateKey,
      notBefore,
      notAfter,
      signingAlgorithm: EC_P256,
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
        await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey, false, x509Crypto),
      ],
    },
    x509Crypto,
  )
  return {
    caCert: ca.toString('pem') + '\n',
    caKey: await privateKeyPem(caKeys.privateKey),
    cert: leaf.toString('pem') + '\n',
    key: await privateKeyPem(leafKeys.privateKey),
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
