import { zodResolver } from '@hookform/resolvers/zod'
import { ReportReason, ReportReasonLabels, reportContent, Social } from '@velvet/contract'
import { Ban, CircleCheck } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { messageOf } from '../../lib/api/errors.ts'
import { Alert } from '../../ui/Alert.tsx'
import { BottomSheet } from '../../ui/BottomSheet.tsx'
import { Button } from '../../ui/Button.tsx'
import { counterText, TextAreaField } from '../profile/index.ts'
import { useReportContent } from './report.queries.ts'
import './report.css'

const Schema = reportContent.input.pick({ reason: true, details: true })
type Values = z.input<typeof Schema>

export interface ReportTarget {
  userId: number
  /** "@mia_x" */
  name: string
  /** Reporting one of their posts rather than the person. */
  postId?: number | undefined
}

interface ReportSheetProps {
  open: boolean
  onClose: () => void
  target: ReportTarget
  /** Offered after the report when the person is not blocked yet. */
  onBlock?: (() => void) | undefined
}

/**
 * Report a user (or one of their posts) for moderation: one reason from the contract's list (in its
 * order), optional details. After sending, thanks the reporter and offers to block the person too. The
 * form and the sending state exist only while the sheet is open: each opening starts empty, with no reset
 * after it has opened (that dropped a choice made before the next render).
 */
export function ReportSheet(props: ReportSheetProps) {
  return props.open ? <OpenReportSheet {...props} /> : null
}

function OpenReportSheet({ onClose, target, onBlock }: ReportSheetProps) {
  const send = useReportContent(target)
  const form = useForm<Values, unknown, z.output<typeof Schema>>({
    resolver: zodResolver(Schema),
    defaultValues: { details: '' },
  })
  const reason = useWatch({ control: form.control, name: 'reason' })
  const details = useWatch({ control: form.control, name: 'details' }) ?? ''
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values)
    } catch (error) {
      form.setError('root.server', { type: 'server', message: messageOf(error) })
    }
  })

  if (send.isSuccess) {
    return (
      <BottomSheet open onClose={onClose} title="Report sent">
        <div className="v-report-done">
          <span className="v-report-done__icon" aria-hidden="true">
            <CircleCheck />
          </span>
          <p className="v-report-done__title">Thanks for telling us</p>
          <p className="v-report-done__text">
            Our moderators review every report. {target.name} isn't told who reported them.
          </p>
          {onBlock ? (
            <Button
              block
              variant="danger"
              icon={<Ban />}
              onClick={() => {
                onClose()
                onBlock()
              }}
            >
              Block {target.name} too
            </Button>
          ) : null}
          <Button block variant="secondary" onClick={onClose}>
            Done
          </Button>
        </div>
      </BottomSheet>
    )
  }

  return (
    <BottomSheet
      open
      onClose={onClose}
      title={target.postId === undefined ? `Report ${target.name}` : `Report this post by ${target.name}`}
    >
      <form className="v-report-form" onSubmit={onSubmit} noValidate>
        <fieldset className="v-report-reasons">
          <legend className="v-report-reasons__legend">What's wrong?</legend>
          {ReportReason.options.map((option) => (
            <label key={option} className="v-report-reason">
              <input type="radio" value={option} {...form.register('reason')} />
              <span>{ReportReasonLabels[option]}</span>
            </label>
          ))}
        </fieldset>
        <TextAreaField
          {...form.register('details')}
          label="Details (optional)"
          rows={3}
          maxLength={Social.reportDetailsMax}
          placeholder="Anything that helps us understand, like links or dates"
          counter={{
            text: counterText(details.length, Social.reportDetailsMax),
            over: details.length > Social.reportDetailsMax,
          }}
          error={errors.details?.message}
        />
        {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
        <Button type="submit" block loading={isSubmitting} disabled={!reason}>
          Send report
        </Button>
      </form>
    </BottomSheet>
  )
}
