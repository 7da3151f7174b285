// The cluster CA (cluster-ca.ts): a CA certificate that is a CA, a key that must be its own, and
// the checks on a node's CSR from an attacker's side: a proof not made with the node token, a CSR
// naming another node, a proof made for another node id, a name with subject syntax in it; the
// certificate issued names the node with the node role, whatever the CSR's subject asked.
import { X509Certificate } from 'node:crypto'
import * as x509 from '@peculiar/x509'
import { describe, expect, it } from 'vitest'
import {
  checkNodeCsr,
  createClusterCa,
  createNodeCsr,
  EnrollmentRefusedError,
  generateKeyPair,
  issueControlIdentity,
  joinProof,
  loadClusterCa,
} from '../../../../src/control/cluster/cluster-ca.js'
import { rejection } from '../../../support/async.js'

const TOKEN = 'node-token-for-tests'

describe('the cluster CA', () => {
  it('is a CA certificate, and refuses a key that is not its own', async () => {
    const made = await createClusterCa()
    expect(made.keyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/)
    const cert = new X509Certificate(made.certPem)
    expect(cert.ca).toBe(true)
    expect(cert.checkIssued(cert)).toBe(true)
    const ca = await loadClusterCa(made.certPem, made.keyPem)
    expect(ca.certPem).toContain('BEGIN CERTIFICATE')
    const other = await createClusterCa()
    expect((await rejection(loadClusterCa(made.certPem, other.keyPem))).message).toMatch(/not the CA certificate's key/)
  })

  it('issues a control identity: client auth, the control role, chained to the CA', async () => {
    const made = await createClusterCa()
    const ca = await loadClusterCa(made.certPem, made.keyPem)
    const id = await issueControlIdentity(ca)
    const cert = new X509Certificate(id.cert)
    expect(cert.subject).toMatch(/OU=control/)
    expect(cert.checkIssued(new X509Certificate(made.certPem))).toBe(true)
    expect(cert.verify(new X509Certificate(made.certPem).publicKey)).toBe(true)
    expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.2'])
  })
})

describe("a node's CSR", () => {
  const setup = async (nodeId = 'n1') => {
    const made = await createClusterCa()
    const ca = await loadClusterCa(made.certPem, made.keyPem)
    const keys = await generateKeyPair()
    const csr = await createNodeCsr(nodeId, keys)
    return { made, ca, keys, csr }
  }

  it('is signed as that node (OU=node, CN=<id>, server auth) with the right proof', async () => {
    const { made, ca, csr } = await setup()
    const checked = await checkNodeCsr(ca, { nodeId: 'n1', csr, proof: joinProof(TOKEN, 'n1', csr) }, TOKEN)
    expect(checked.keySha256).toMatch(/^[0-9a-f]{64}$/)
    const cert = new X509Certificate(await checked.issue())
    expect(cert.subject.split('\n').sort()).toEqual(['CN=n1', 'OU=node'])
    expect(cert.verify(new X509Certificate(made.certPem).publicKey)).toBe(true)
    expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1'])
  })

  it('is refused without a proof made with the node token', async () => {
    const { ca, csr } = await setup()
    for (const proof of [
      joinProof('another-token', 'n1', csr),
      '',
      'zz'.repeat(32),
      `${joinProof(TOKEN, 'n1', csr)}00`,
    ]) {
      const err = await rejection(checkNodeCsr(ca, { nodeId: 'n1', csr, proof }, TOKEN))
      expect(err).toBeInstanceOf(EnrollmentRefusedError)
      expect(err.message).toMatch(/join proof is wrong/)
    }
  })

  it('is refused when it names another node than the one it asks for, or its proof is for another id', async () => {
    const { ca, csr } = await setup('n2')
    // A CSR for n2 presented as n1's request (with a valid proof for n1): the names disagree.
    const err = await rejection(checkNodeCsr(ca, { nodeId: 'n1', csr, proof: joinProof(TOKEN, 'n1', csr) }, TOKEN))
    expect(err.message).toMatch(/names \["n2"\], not the node id n1/)
    // n2's proof replayed for n1: wrong proof.
    const replayed = await rejection(checkNodeCsr(ca, { nodeId: 'n1', csr, proof: joinProof(TOKEN, 'n2', csr) }, TOKEN))
    expect(replayed.message).toMatch(/join proof is wrong/)
  })

  it('is refused for a node id with subject syntax in it, and for a CSR whose signature is not its key', async () => {
    const { ca, csr } = await setup()
    const bad = 'n1, OU=control'
    const err = await rejection(checkNodeCsr(ca, { nodeId: bad, csr, proof: joinProof(TOKEN, bad, csr) }, TOKEN))
    expect(err.message).toMatch(/is not a node id/)
    // A CSR whose public key was swapped after signing: its self-signature no longer holds.
    const keys2 = await generateKeyPair()
    const other = new x509.Pkcs10CertificateRequest(await createNodeCsr('n1', keys2))
    const orig = new x509.Pkcs10CertificateRequest(csr)
    const forged = Buffer.from(orig.rawData)
    const a = Buffer.from(orig.publicKey.rawData)
    forged.set(Buffer.from(other.publicKey.rawData), forged.indexOf(a))
    const forgedPem = new x509.Pkcs10CertificateRequest(forged).toString('pem')
    const e2 = await rejection(
      checkNodeCsr(ca, { nodeId: 'n1', csr: forgedPem, proof: joinProof(TOKEN, 'n1', forgedPem) }, TOKEN),
    )
    expect(e2.message).toMatch(/signature is wrong/)
    const e3 = await rejection(
      checkNodeCsr(ca, { nodeId: 'n1', csr: 'junk', proof: joinProof(TOKEN, 'n1', 'junk') }, TOKEN),
    )
    expect(e3.message).toMatch(/not a PEM certificate request/)
  })
})
