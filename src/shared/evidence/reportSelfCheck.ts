import { hexToBytes } from '@noble/hashes/utils.js'
import { groupedFingerprint, type Signer } from '../identity/investigator'
import { bundlePaths } from './bundleFormat'
import { escapeHtml } from './htmlText'

/** The DER header of an Ed25519 SubjectPublicKeyInfo (RFC 8410), before the key's 32 bytes. */
const ed25519SpkiPrefix = '302a300506032b6570032100'

/** The signer's key as OpenSSL reads one: PEM, the SubjectPublicKeyInfo in base64. */
export function publicKeyPem(publicKeyHex: string): string {
  const der = hexToBytes(`${ed25519SpkiPrefix}${publicKeyHex}`)
  return `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...der))}\n-----END PUBLIC KEY-----`
}

/** What the bundle is called in the steps: a name of the auditor's choosing would not render again. */
const bundleZip = 'bundle.zip'
const keyFile = 'signer.pem'
const signatureFile = 'signature.bin'
const listedFile = 'listed.txt'

/** What the verifier checks beyond the files' bytes in a shared case (layout 4 on). */
const fourEyesCheck = `, and so, in a case shared in a team, is that each entry is signed by its author's
key and that a case closed with a true match or after an escalation was approved by a second reviewer`

/** A command to type as it stands; its own element, so that it can be copied (and tested) whole. */
const command = (text: string): string =>
  `<pre class="command"><code>${escapeHtml(text)}</code></pre>`

/**
 * The report's closing section (layout 3 on): how an auditor checks the bundle with standard tools
 * only, the file names as they are in the bundle. The commands are run as printed by a test
 * (bundleSelfCheck.test.ts), so the steps stay true.
 */
export function selfCheckSection(signer: Signer, fourEyes: boolean): string {
  const { manifest, signature } = bundlePaths
  return `<section class="self-check" aria-labelledby="self-check">
<h2 id="self-check">How to check this report without Compliance Desk</h2>
<p>These steps need only standard tools: <span class="mono">unzip</span>,
<span class="mono">sha256sum</span> (<span class="mono">shasum -a 256</span> on macOS),
<span class="mono">jq</span>, <span class="mono">xxd</span> and OpenSSL 3.0 or later. They show
that no file of the bundle changed since it was signed, this report among them, and which key
signed it.</p>
<ol>
<li><p>Put the bundle as you received it in an empty folder, named ${bundleZip}; open a terminal
there and unpack it:</p>
${command(`unzip -q ${bundleZip} -d bundle && cd bundle`)}</li>
<li><p>${manifest} lists every other file with its SHA-256. Every line this prints must end in
<strong>OK</strong>:</p>
${command(`jq -r '.files[] | .sha256 + "  " + .path' ${manifest} | sha256sum -c -`)}</li>
<li><p>The bundle must hold no file ${manifest} does not list, apart from ${manifest} itself
and ${signature}. This must print nothing:</p>
${command(`jq -r '.files[].path' ${manifest} > ${listedFile}\nunzip -Z1 ../${bundleZip} | grep -vxF -f ${listedFile} -e ${manifest} -e ${signature}`)}</li>
<li><p>Save the signer's public key, as this report gives it:</p>
${command(`cat > ${keyFile} <<'KEY'\n${publicKeyPem(signer.publicKey)}\nKEY`)}
<p>Its fingerprint must be <span class="mono">${signer.fingerprint}</span>
(${groupedFingerprint(signer.fingerprint)}). Compare it with the one ${escapeHtml(signer.name)}
gave you in person or by another channel, not only with this report: whoever signs a bundle
also writes its report. This prints it:</p>
${command(`openssl pkey -pubin -in ${keyFile} -outform DER | tail -c 32 | sha256sum | cut -c1-32`)}</li>
<li><p>${signature} holds the Ed25519 signature in hex; write its 64 bytes to a file:</p>
${command(`jq -r .signature ${signature} | xxd -r -p > ${signatureFile}`)}</li>
<li><p>Check the signature over the exact bytes of ${manifest}. This must print
<strong>Signature Verified Successfully</strong>:</p>
${command(`openssl pkeyutl -verify -pubin -inkey ${keyFile} -rawin -in ${manifest} -sigfile ${signatureFile}`)}</li>
</ol>
<p>These steps prove the files unchanged and who signed them. That the files agree with each
other (decisions.json with the audit trail it replays, each check.json with its response.raw) is
checked by Compliance Desk's verifier as well${fourEyes ? fourEyesCheck : ''}: <span class="mono">npm run verify-bundle --
${bundleZip}</span>.</p>
</section>
`
}
