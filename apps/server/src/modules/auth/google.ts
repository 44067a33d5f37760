import { createRemoteJWKSet, jwtVerify } from 'jose'

export interface GoogleIdentity {
  sub: string
  email: string | null
  emailVerified: boolean
}

export type VerifyGoogleIdToken = (idToken: string) => Promise<GoogleIdentity>

export class GoogleTokenError extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'GoogleTokenError'
  }
}

/**
 * Verifies a Google id_token: RS256 signature against the issuer's JWKS (fetched and cached by jose),
 * issuer, audience (our client id) and expiry. Tests point jwksUrl at a local key server.
 */
export function createGoogleVerifier(options: {
  clientId: string
  issuer: string
  jwksUrl: string
}): VerifyGoogleIdToken {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl))
  // Google issues both spellings of its issuer.
  const issuers =
    options.issuer === 'https://accounts.google.com'
      ? [options.issuer, 'accounts.google.com']
      : [options.issuer]
  return async (idToken) => {
    try {
      const { payload } = await jwtVerify(idToken, jwks, {
        issuer: issuers,
        audience: options.clientId,
        algorithms: ['RS256'],
      })
      if (typeof payload.sub !== 'string' || payload.sub.length === 0)
        throw new GoogleTokenError('no subject')
      return {
        sub: payload.sub,
        email: typeof payload.email === 'string' ? payload.email.toLowerCase() : null,
        emailVerified: payload.email_verified === true,
      }
    } catch (error) {
      if (error instanceof GoogleTokenError) throw error
      throw new GoogleTokenError(error instanceof Error ? error.message : 'invalid token')
    }
  }
}
