import type { Locator } from 'playwright-core'

/**
 * Clicks `opener` and, in the same browser task, types `text` into the field labelled `label` that the click
 * brought up: a person who types the moment a sheet opens, before the app's next render. Playwright's own
 * click-then-fill leaves a gap between the two (one render or more), which hid a form reset after opening
 * that dropped what was typed (people.e2e's list rename, docs/decisions.md "Hardening (issue 14)").
 */
export async function typeAsItOpens(opener: Locator, label: string, text: string): Promise<void> {
  await opener.evaluate(
    async (button, { label, text }) => {
      const labelled = () =>
        Array.from(document.querySelectorAll<HTMLInputElement>('input, textarea')).find((element) =>
          Array.from(element.labels ?? []).some((item) => item.textContent?.trim() === label),
        )
      ;(button as HTMLElement).click()
      // React renders a click's update in a microtask: wait through microtasks only, never a task.
      let field = labelled()
      for (let turn = 0; !field && turn < 100; turn++) {
        await Promise.resolve()
        field = labelled()
      }
      if (!field) throw new Error(`no field labelled ${label} in the microtasks after the click`)
      field.focus()
      // The prototype's setter, as typing does: React's value tracker then sees a change and fires onChange.
      const prototype = Object.getPrototypeOf(field) as HTMLInputElement
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, text)
      field.dispatchEvent(new Event('input', { bubbles: true }))
    },
    { label, text },
  )
}
