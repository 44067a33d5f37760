/** The sign-in and sign-up form steps, loaded together as one chunk after the welcome step. */
export { BirthdayStep } from './BirthdayStep.tsx'
export { CodeStep } from './CodeStep.tsx'
export { EmailStep } from './EmailStep.tsx'
export { NicknameStep } from './NicknameStep.tsx'
export { PictureStep } from './PictureStep.tsx'
export { UsernameStep } from './UsernameStep.tsx'
