import { CoinsNeededRule, PaymentTexts } from '@velvet/contract'
import { AppError } from '../../platform/errors.ts'

/** InsufficientCoins (5004) with how many coins are missing (CoinsNeededRule field; the sheet buys them). */
export function notEnoughCoins(needed: number): AppError {
  const message = `${PaymentTexts.notEnoughCoins} You need ${needed} more.`
  return new AppError('InsufficientCoins', {
    message,
    fields: [{ field: 'coins', rule: CoinsNeededRule, message: String(needed) }],
  })
}
