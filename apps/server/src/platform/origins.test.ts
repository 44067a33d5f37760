import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { createReturnOrigins } from './origins.ts'

const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest

describe('return origins', () => {
  const dev = createReturnOrigins({ publicUrl: 'http://localhost:3000/', production: false })
  const prod = createReturnOrigins({ publicUrl: 'https://velvet.example', production: true })

  it('follows the loopback origin a flow started from in development', () => {
    expect(dev.of(request({ origin: 'http://127.0.0.1:3000' }))).toBe('http://127.0.0.1:3000')
    expect(dev.of(request({ origin: 'http://[::1]:5173' }))).toBe('http://[::1]:5173')
    // Without an Origin (not a browser's POST): PUBLIC_URL, whatever the Host header says.
    expect(dev.of(request({ host: '127.0.0.1:3000' }))).toBe('http://localhost:3000')
    expect(dev.of(request({}))).toBe('http://localhost:3000')
  })

  it('never follows another site, a scheme that is not http, or anything in production', () => {
    for (const origin of [
      'https://evil.example',
      'http://localhost.evil.example',
      'null',
      'javascript:alert(1)',
    ]) {
      expect(dev.of(request({ origin }))).toBe('http://localhost:3000')
    }
    expect(prod.of(request({ origin: 'http://127.0.0.1:3000' }))).toBe('https://velvet.example')
    expect(prod.of(request({ origin: 'https://velvet.example' }))).toBe('https://velvet.example')
    expect(prod.check(undefined)).toBe('https://velvet.example')
  })
})
