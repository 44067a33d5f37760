import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  AchAccountName,
  base58Decode,
  isAbaRoutingNumber,
  isTronAddress,
  RoutingNumber,
  TaxForm,
  TronAddress,
} from './payout.ts'

const ruleOf = (result: { error?: { issues: unknown[] } }) =>
  result.error?.issues.map((i) => (i as { params?: { rule?: string } }).params?.rule)

describe('ACH', () => {
  it.each([
    ['021000021', true], // JPMorgan Chase, New York
    ['011000015', true], // Federal Reserve Bank of Boston
    ['121000358', true], // Bank of America, California
    ['026009593', true], // Bank of America, New York
    ['021000022', false],
    ['123456789', false],
  ])('routing number %s is valid: %s', (value, valid) => {
    expect(isAbaRoutingNumber(value)).toBe(valid)
    expect(RoutingNumber.safeParse(value).success).toBe(valid)
  })

  it('names the rule a routing number breaks', () => {
    expect(ruleOf(RoutingNumber.safeParse('12345'))).toEqual(['ach.routing.format'])
    expect(ruleOf(RoutingNumber.safeParse('123456789'))).toEqual(['ach.routing.checksum'])
  })

  it("takes account names of up to 22 letters, spaces and / ( ) & ' -", () => {
    expect(AchAccountName.safeParse("O'Brien & Sons (LLC)/A-B").success).toBe(false) // 24 chars
    expect(AchAccountName.safeParse("O'Brien & Sons (LLC)").success).toBe(true)
    expect(ruleOf(AchAccountName.safeParse('Jane Doe 2'))).toEqual(['ach.name.charset'])
    expect(ruleOf(AchAccountName.safeParse('A'.repeat(23)))).toEqual(['ach.name.max'])
  })
})

describe('USDT TRC20 addresses', () => {
  it.each([
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', // the USDT TRC20 contract
    'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', // the TRON zero ("black hole") address
  ])('accepts the real address %s', (address) => {
    expect(isTronAddress(address)).toBe(true)
    expect(TronAddress.safeParse(address).success).toBe(true)
  })

  it('refuses a changed character, a wrong length and a Bitcoin address', () => {
    expect(ruleOf(TronAddress.safeParse('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'))).toEqual([
      'usdt.address.checksum',
    ])
    expect(ruleOf(TronAddress.safeParse('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'))).toEqual([
      'usdt.address.format',
    ])
    expect(isTronAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false)
    // 'l' and '0' are not base58.
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0l')).toBe(false)
  })

  it('agrees with a base58check encoder for random accounts', () => {
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
    const encode = (bytes: Buffer) => {
      let value = BigInt(`0x${bytes.toString('hex')}`)
      let text = ''
      while (value > 0n) {
        text = alphabet[Number(value % 58n)] + text
        value /= 58n
      }
      return text
    }
    const sha = (b: Buffer) => createHash('sha256').update(b).digest()
    for (let i = 0; i < 50; i++) {
      const payload = Buffer.concat([Buffer.from([0x41]), randomBytes(20)])
      const address = encode(Buffer.concat([payload, sha(sha(payload)).subarray(0, 4)]))
      expect(isTronAddress(address)).toBe(true)
      expect(Buffer.from(base58Decode(address) ?? []).subarray(0, 21)).toEqual(payload)
    }
  })
})

describe('tax forms', () => {
  const address = { line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '73301' }
  it('takes a W-9 with an SSN written with dashes', () => {
    const parsed = TaxForm.safeParse({
      form: 'w9',
      legal_name: 'Jane Doe',
      tin_type: 'ssn',
      tin: '123-45-6789',
      address,
    })
    expect(parsed.success).toBe(true)
    expect(
      ruleOf(TaxForm.safeParse({ form: 'w9', legal_name: 'Jane Doe', tin_type: 'ssn', tin: '12', address })),
    ).toEqual(['tax.tin.format'])
  })

  it('refuses a W-8BEN for the United States and an under-18 birthday', () => {
    const base = {
      form: 'w8ben',
      legal_name: 'Ana Silva',
      country: 'PT',
      foreign_tin: 'PT123456789',
      date_of_birth: '1990-01-01',
      address: { line1: 'Rua 1', city: 'Lisboa', postal_code: '1000-001', country: 'PT' },
    }
    expect(TaxForm.safeParse(base).success).toBe(true)
    expect(ruleOf(TaxForm.safeParse({ ...base, country: 'US' }))).toEqual(['tax.country.us'])
    expect(ruleOf(TaxForm.safeParse({ ...base, date_of_birth: '2020-01-01' }))).toEqual(['tax.birthday'])
  })
})
