import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  AchAccountName,
  base58Decode,
  isAbaRoutingNumber,
  isPlausibleTin,
  isTronAddress,
  RoutingNumber,
  signatureMatches,
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
  const signed = { certify: true, signature: 'Jane Doe' }
  const w9 = (tin: string, tinType: 'ssn' | 'ein' = 'ssn', extra: Record<string, unknown> = signed) =>
    TaxForm.safeParse({ form: 'w9', legal_name: 'Jane Doe', tin_type: tinType, tin, address, ...extra })

  it('takes a signed W-9 with an SSN written with dashes', () => {
    expect(w9('512-42-7391').success).toBe(true)
    expect(w9('512427391').success).toBe(true)
    expect(w9('12-3456780', 'ein').success).toBe(true)
    expect(ruleOf(w9('12'))).toEqual(['tax.tin.format'])
  })

  it.each([
    ['123-45-6789', 'the sample SSN on cards and forms'],
    ['078-05-1120', 'the Woolworth wallet SSN'],
    ['000-00-0000', 'all zeros'],
    ['111-11-1111', 'one digit repeated'],
    ['999-99-9999', 'one digit repeated'],
    ['000-12-3456', 'area 000'],
    ['666-12-3456', 'area 666'],
    ['900-12-3456', 'area 9xx'],
    ['987-65-4321', 'advertising numbers (area 9xx)'],
    ['512-00-7391', 'group 00'],
    ['512-42-0000', 'serial 0000'],
  ])('refuses the SSN %s (%s)', (tin) => {
    expect(ruleOf(w9(tin))).toEqual(['tax.tin.invalid'])
  })

  it.each(['00-1234567', '07-1234567', '89-1234567', '12-3456789', '11-1111111'])(
    'refuses the EIN %s',
    (tin) => {
      expect(ruleOf(w9(tin, 'ein'))).toEqual(['tax.tin.invalid'])
    },
  )

  it('checks the rule itself on plain digits', () => {
    expect(isPlausibleTin('512427391', 'ssn')).toBe(true)
    expect(isPlausibleTin('512427391', 'ein')).toBe(true)
    expect(isPlausibleTin('772427391', 'ssn')).toBe(true)
    expect(isPlausibleTin('772427391', 'ein')).toBe(true)
    expect(isPlausibleTin('702427391', 'ein')).toBe(false)
    expect(isPlausibleTin('51242739', 'ssn')).toBe(false)
  })

  it('needs the certification ticked and the legal name typed as the signature', () => {
    expect(ruleOf(w9('512-42-7391', 'ssn', {}))).toEqual(['tax.certify', 'tax.signature'])
    expect(ruleOf(w9('512-42-7391', 'ssn', { certify: true, signature: 'J Doe' }))).toEqual(['tax.signature'])
    expect(w9('512-42-7391', 'ssn', { certify: true, signature: '  jane   DOE ' }).success).toBe(true)
    expect(signatureMatches('', '')).toBe(false)
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
