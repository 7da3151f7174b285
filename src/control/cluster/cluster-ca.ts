// The cluster CA behind mutual TLS between control replicas and node agents: made once by
// `sandock cluster init` (its key a Swarm secret on the control service only), it signs each
// control replica's client certificate (at the replica's start) and each node's server certificate
// (enrollment.ts, from the node's CSR). Roles are in the subject, set by the CA, never copied from
// a CSR: OU=control (client auth) may call agents; OU=node, CN=<node id> (server auth) may only
// answer as that node.
import { createHmac, randomBytes, timingSafeEqual, webcrypto } from 'node:crypto'
import type { webcrypto as WebCrypto } from 'node:crypto'
import * as x509 from '@peculiar/x509'
import {
  DAY_MS,
  EC_P256 as ALG,
  newKeyPair,
  newSelfSignedCa,
  privateKeyPem,
  x509Crypto as crypto,
} from '../../shared/x509.js'
import { CONTROL_ROLE, NODE_ROLE, type TlsIdentity } from '../../node/agent-api/wire.js'

export type { TlsIdentity }

/** SANDOCK_NODE_ID's shape (config.ts): nothing a subject's syntax gives a meaning to. */
export const NODE_ID = /^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/
/** How long a node's and a control replica's certificates last (both are re-issued at every start). */
export const LEAF_DAYS = 365

export type ClusterCa = Readonly<{ cert: x509.X509Certificate; key: WebCrypto.CryptoKey; certPem: string }>

export const keyPem = privateKeyPem

const derOf = (text: string, label: string) => {
  const m = new RegExp(`-----BEGIN ${label}-----([^-]+)-----END ${label}-----`).exec(text)
  if (!m) throw new Error(`not a PEM ${label}`)
  return Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64')
}

/** A P-256 key pair from a PKCS#8 PEM (the public half derived from it). */
export async function importKeyPair(pkcs8Pem: string): Promise<WebCrypto.CryptoKeyPair> {
  const privateKey = await webcrypto.subtle.importKey('pkcs8', derOf(pkcs8Pem, 'PRIVATE KEY'), ALG, true, ['sign'])
  const { d: _d, ...pub } = await webcrypto.subtle.exportKey('jwk', privateKey)
  const publicKey = await webcrypto.subtle.importKey('jwk', { ...pub, key_ops: ['verify'] }, ALG, true, ['verify'])
  return { privateKey, publicKey }
}

export const generateKeyPair = newKeyPair

const serial = () => {
  const b = randomBytes(16)
  b[0] = b[0]! & 0x7f
  return b.toString('hex')
}

/** A new cluster CA (valid `days`): its certificate and key in PEM. */
export async function createClusterCa(days = 3650): Promise<{ certPem: string; keyPem: string }> {
  const { cert, keys } = await newSelfSignedCa({
    name: `CN=Sandock cluster CA ${randomBytes(4).toString('hex')}`,
    days,
    serialNumber: serial(),
  })
  return { certPem: `${cert.toString('pem')}\n`, keyPem: await keyPem(keys.privateKey) }
}

/** The CA from its PEM files' contents; a clear error when the key is not the certificate's. */
export async function loadClusterCa(certPem: string, caKeyPem: string): Promise<ClusterCa> {
  const cert = new x509.X509Certificate(certPem)
  const { privateKey, publicKey } = await importKeyPair(caKeyPem)
  if (!Buffer.from(cert.publicKey.rawData).equals(Buffer.from(await webcrypto.subtle.exportKey('spki', publicKey))))
    throw new Error("the cluster CA key is not the CA certificate's key")
  return { cert, key: privateKey, certPem: `${cert.toString('pem')}\n` }
}

async function issue(
  ca: ClusterCa,
  subject: string,
  publicKey: WebCrypto.CryptoKey | x509.PublicKey,
  usage: 'serverAuth' | 'clientAuth',
): Promise<string> {
  const cert = await x509.X509CertificateGenerator.create(
    {
      serialNumber: serial(),
      subject,
      issuer: ca.cert.subject,
      publicKey,
      signingKey: ca.key,
      notBefore: new Date(Date.now() - DAY_MS),
      notAfter: new Date(Date.now() + LEAF_DAYS * DAY_MS),
      signingAlgorithm: ALG,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage[usage]], true),
        await x509.AuthorityKeyIdentifierExtension.create(ca.cert, false, crypto),
      ],
    },
    crypto,
  )
  return `${cert.toString('pem')}\n`
}

/** A control replica's client identity: a fresh key and a certificate with the control role. */
export async function issueControlIdentity(ca: ClusterCa): Promise<TlsIdentity> {
  const keys = await generateKeyPair()
  const cert = await issue(ca, `CN=sandock-control, OU=${CONTROL_ROLE}`, keys.publicKey, 'clientAuth')
  return { cert, key: await keyPem(keys.privateKey), ca: ca.certPem }
}

/** A node's CSR: its key signs it; the CN names the node. */
export async function createNodeCsr(nodeId: string, keys: WebCrypto.CryptoKeyPair): Promise<string> {
  const csr = await x509.Pkcs10CertificateRequestGenerator.create(
    { name: [{ CN: [nodeId] }], keys, signingAlgorithm: ALG },
    crypto,
  )
  return `${csr.toString('pem')}\n`
}

/**
 * The join proof a CSR carries: an HMAC under the node token of the node id, the CSR and the
 * verifier of the database password the node asks for (node-db-roles.ts; none from older agents).
 */
export const joinProof = (nodeToken: string, nodeId: string, csrPem: string, dbVerifier = '') =>
  createHmac('sha256', nodeToken)
    .update(`sandock-enroll\n${nodeId}\n${csrPem.trim()}${dbVerifier ? `\n${dbVerifier}` : ''}`)
    .digest('hex')

export class EnrollmentRefusedError extends Error {}

/**
 * Checks a node's CSR (the join proof, its self-signature, the node id it names) and returns the
 * SHA-256 of its public key (hex) with a function that issues its certificate. Throws
 * EnrollmentRefusedError with the reason; the caller decides whether the key may take the name.
 */
export async function checkNodeCsr(
  ca: ClusterCa,
  req: { nodeId: string; csr: string; proof: string; dbVerifier?: string },
  nodeToken: string,
): Promise<{ keySha256: string; issue(): Promise<string> }> {
  if (!NODE_ID.test(req.nodeId)) throw new EnrollmentRefusedError(`${JSON.stringify(req.nodeId)} is not a node id`)
  const want = Buffer.from(joinProof(nodeToken, req.nodeId, req.csr, req.dbVerifier), 'hex')
  const got = Buffer.from(/^[0-9a-f]{64}$/.test(req.proof) ? req.proof : '', 'hex')
  if (got.length !== want.length || !timingSafeEqual(got, want))
    throw new EnrollmentRefusedError('the join proof is wrong (not made with the node token)')
  let csr: x509.Pkcs10CertificateRequest
  try {
    csr = new x509.Pkcs10CertificateRequest(req.csr)
  } catch {
    throw new EnrollmentRefusedError('the CSR is not a PEM certificate request')
  }
  if (!(await csr.verify(crypto))) throw new EnrollmentRefusedError("the CSR's signature is wrong")
  const cn = csr.subjectName.getField('CN')
  if (cn.length !== 1 || cn[0] !== req.nodeId)
    throw new EnrollmentRefusedError(`the CSR names ${JSON.stringify(cn)}, not the node id ${req.nodeId}`)
  const keySha256 = Buffer.from(await csr.publicKey.getThumbprint('SHA-256', crypto)).toString('hex')
  return {
    keySha256,
    // The subject is the CA's: CN from the checked node id, the role fixed (never the CSR's).
    issue: () => issue(ca, `CN=${req.nodeId}, OU=${NODE_ROLE}`, csr.publicKey, 'serverAuth'),
  }
}

/** Whether `certPem` is signed by the CA and carries `keys`' public key (a node checks what it was given). */
export async function certFits(certPem: string, caPem: string, publicKey: WebCrypto.CryptoKey): Promise<boolean> {
  const cert = new x509.X509Certificate(certPem)
  const ca = new x509.X509Certificate(caPem)
  const mine = Buffer.from(await webcrypto.subtle.exportKey('spki', publicKey))
  return (
    (await cert.verify({ publicKey: ca.publicKey, signatureOnly: true }, crypto)) &&
    mine.equals(Buffer.from(cert.publicKey.rawData))
  )
}
