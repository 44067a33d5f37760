import { Crown, Lock, MessageCircle } from 'lucide-react'
import type { ReactNode } from 'react'
import { Logo } from '../../ui/Logo.tsx'
import './AuthLayout.css'

const highlights = [
  { icon: Lock, text: 'Exclusive posts from the creators you follow' },
  { icon: MessageCircle, text: 'Private one-to-one messages' },
  { icon: Crown, text: 'Memberships, unlocks and gifts' },
] as const

/**
 * The frame of the sign-in screens: on phones one column; on wide screens a brand panel on the left and
 * the form centred on the right.
 */
export function AuthLayout({ children, header }: { children: ReactNode; header?: ReactNode }) {
  return (
    <div className="v-auth">
      <aside className="v-auth__brand" aria-hidden="true">
        <Logo size="md" />
        <div className="v-auth__pitch">
          <p className="v-auth__pitch-title">Where creators and fans get closer.</p>
          <ul className="v-auth__highlights">
            {highlights.map(({ icon: Icon, text }) => (
              <li key={text}>
                <span className="v-auth__highlight-icon">
                  <Icon />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="v-auth__brand-foot">18+ only. Creators keep up to 90% of what they earn.</p>
      </aside>
      <main className="v-auth__main">
        {header}
        <div className="v-auth__panel">{children}</div>
      </main>
    </div>
  )
}
