import { EmailCode, PRODUCT_NAME } from '@velvet/contract'
import type { CodePurpose } from './repo.ts'

const ignore = 'If you did not ask for it, you can ignore this e-mail.'

export function codeMail(code: string, purpose: CodePurpose = 'login') {
  const minutes = EmailCode.ttlSeconds / 60
  const codeHtml = `<p style="font-size:28px;letter-spacing:6px;font-weight:700">${code}</p>`
  if (purpose === 'delete') {
    const warning = `Entering it deletes your ${PRODUCT_NAME} account for good.`
    const advice = 'If you did not ask for it, do not share it with anyone and sign out your other devices.'
    return {
      subject: `${code} is your ${PRODUCT_NAME} code to delete your account`,
      text: `Your code to delete your ${PRODUCT_NAME} account is ${code}.\n\n${warning} It expires in ${minutes} minutes.\n\n${advice}\n`,
      html: `<p>Your code to delete your ${PRODUCT_NAME} account is</p>${codeHtml}<p>${warning} It expires in ${minutes} minutes.</p><p>${advice}</p>`,
    }
  }
  return {
    subject: `${code} is your ${PRODUCT_NAME} code`,
    text: `Your ${PRODUCT_NAME} sign-in code is ${code}.\n\nIt expires in ${minutes} minutes. ${ignore}\n`,
    html: `<p>Your ${PRODUCT_NAME} sign-in code is</p>${codeHtml}<p>It expires in ${minutes} minutes. ${ignore}</p>`,
  }
}
