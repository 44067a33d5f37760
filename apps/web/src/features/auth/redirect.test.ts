import { describe, expect, it } from 'vitest'
import { loginWithRedirect, redirectFrom, safeRedirect } from './redirect.ts'

describe('safeRedirect', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeRedirect('/post?id=3')).toBe('/post?id=3')
    expect(safeRedirect('/@night.owl')).toBe('/@night.owl')
  })

  it('refuses other sites, protocol-relative and backslash tricks', () => {
    expect(safeRedirect('https://evil.example')).toBe('/home')
    expect(safeRedirect('//evil.example')).toBe('/home')
    expect(safeRedirect('/\\evil.example')).toBe('/home')
    expect(safeRedirect('javascript:alert(1)')).toBe('/home')
  })

  it('never sends a signed-in user back into the sign-in screens', () => {
    expect(safeRedirect('/')).toBe('/home')
    expect(safeRedirect('/login#step_2')).toBe('/home')
    expect(safeRedirect('/login/oauth')).toBe('/home')
    expect(safeRedirect('/waiting?redirect=/x')).toBe('/home')
    expect(safeRedirect('/loginx')).toBe('/loginx')
  })

  it('reads the redirect param of a search string', () => {
    expect(redirectFrom('?redirect=%2Fpost%3Fid%3D3')).toBe('/post?id=3')
    expect(redirectFrom('')).toBe('/home')
  })

  it('builds the login path with the place to come back to', () => {
    expect(loginWithRedirect('/post?id=3')).toBe('/login?redirect=%2Fpost%3Fid%3D3')
    expect(loginWithRedirect('/home')).toBe('/login')
    expect(loginWithRedirect('/login')).toBe('/login')
  })
})
