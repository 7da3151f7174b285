// What Sandock's three certificate authorities share (the cluster CA for control ↔ agents, the
// domain mode's local CA, each sandbox's egress interception CA): ECDSA P-256 keys, a private
// key as PKCS#8 PEM, and a self-signed CA certificate made with @peculiar/x509 over WebCrypto.
import { webcrypto } from 'node:crypto'
import type { webcrypto as WebCrypto } from 'node:crypto'
import * as x509 from '@peculiar/x509'

export const EC_P256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const
export const DAY_MS = 86_400_000
/** Node's WebCrypto, as @peculiar/x509 types it. */
export const x509Crypto = webcrypto as unknown as Parameters<typeof x509.X509CertificateGenerator.create>[1]

export const newKeyPair = async () =>
  (await webcrypto.subtle.generateKey(EC_P256, true, ['sign', 'verify'])) as WebCrypto.CryptoKeyPair

/** A private key as PKCS#8 PEM. */
export async function privateKeyPem(key: WebCrypto.CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key))
  return `-----BEGIN PRIVATE KEY-----\n${der
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END PRIVATE KEY-----\n`
}

/**
 * A self-signed CA named `name`, valid from a day ago for `days` (certificate signing only, no
 * intermediate below it), with its key pair.
 */
export async function newSelfSignedCa(opts: {
  name: string
  days: number
  serialNumber?: string
}): Promise<{ cert: x509.X509Certificate; keys: WebCrypto.CryptoKeyPair }> {
  const keys = await newKeyPair()
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    {
      ...(opts.serialNumber && { serialNumber: opts.serialNumber }),
      name: opts.name,
      keys,
      notBefore: new Date(Date.now() - DAY_MS),
      notAfter: new Date(Date.now() + opts.days * DAY_MS),
      signingAlgorithm: EC_P256,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, x509Crypto),
      ],
    },
    x509Crypto,
  )
  return { cert, keys }
}
