/**
 * Test helper: a software WebAuthn authenticator (ES256 keys from node:crypto, "none"
 * attestation) answering the options the api hands out as a browser's authenticator would, so
 * tests run the api's real verification (@simplewebauthn/server) over real signatures.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Held {
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** The P-256 public key as a COSE_Key (kty EC2, alg ES256, crv P-256, x, y). */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
      [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
    ]),
  );
}

export interface SoftAuthenticator {
  /** A new credential for the options' user, answered from `origin`. */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    origin: string,
  ): RegistrationResponseJSON;
  /**
   * An assertion of the credential (the only one, or the one named), its counter moved on by
   * one unless `counter` says what to report.
   */
  assert(
    options: PublicKeyCredentialRequestOptionsJSON,
    origin: string,
    use?: { credentialId?: string; counter?: number },
  ): AuthenticationResponseJSON;
  readonly credentialIds: string[];
}

export function softAuthenticator(): SoftAuthenticator {
  const held = new Map<string, Held>();
  return {
    get credentialIds() {
      return [...held.keys()];
    },
    register(options, origin) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const rawId = randomBytes(32);
      const id = b64(rawId);
      const rpId = options.rp.id ?? new URL(origin).hostname;
      held.set(id, { privateKey, rpId, userHandle: options.user.id, counter: 0 });
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([UP | UV | AT]),
        counterBytes(0),
        Buffer.alloc(16),
        idLength,
        rawId,
        coseKey(publicKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authData],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    assert(options, origin, use = {}) {
      const id = use.credentialId ?? [...held.keys()][0] ?? '';
      const credential = held.get(id);
      if (!credential) throw new Error('the authenticator holds no such credential');
      credential.counter = use.counter ?? credential.counter + 1;
      const authData = Buffer.concat([
        sha256(options.rpId ?? credential.rpId),
        Buffer.from([UP | UV]),
        counterBytes(credential.counter),
      ]);
      const data = clientData('webauthn.get', options.challenge, origin);
      const signature = sign(
        'sha256',
        Buffer.concat([authData, sha256(data)]),
        credential.privateKey,
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64(data),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
