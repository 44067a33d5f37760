import type { AgreementSection } from '@velvet/contract'
import type { z } from 'zod'
import './AgreementText.css'

type Section = z.infer<typeof AgreementSection>

/** The creator agreement's sections as readable text (used by the audit and by /manage/terms). */
export function AgreementText({ sections }: { sections: readonly Section[] }) {
  return (
    <div className="v-agreement">
      {sections.map((section) => (
        <section key={section.heading} className="v-agreement__section">
          <h3 className="v-agreement__heading">{section.heading}</h3>
          {section.body.map((paragraph) => (
            <p key={paragraph} className="v-agreement__paragraph">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </div>
  )
}
