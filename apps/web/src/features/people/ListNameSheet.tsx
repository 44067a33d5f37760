import { zodResolver } from '@hookform/resolvers/zod'
import { ListName, Social, type UserList } from '@velvet/contract'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { BottomSheet } from '../../ui/BottomSheet.tsx'
import { Button } from '../../ui/Button.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { toast } from '../../ui/toast-store.ts'
import { useListActions } from './lists.ts'
import './people.css'
import './lists.css'

const Schema = z.object({ name: ListName })

interface ListNameSheetProps {
  open: boolean
  onClose: () => void
  /** The list to rename; without it a new list is made. */
  list?: UserList | null
  onCreated?: (list: UserList) => void
}

/**
 * Create a list, or rename `list`: one name field with the contract's rule; a taken name is said on it. The
 * form exists only while the sheet is open, so it starts from the list's name without a reset after it
 * has opened (a reset there dropped what was typed before the next render: the list-rename flake).
 */
export function ListNameSheet(props: ListNameSheetProps) {
  return props.open ? <OpenListNameSheet {...props} /> : null
}

function OpenListNameSheet({ onClose, list, onCreated }: ListNameSheetProps) {
  const actions = useListActions()
  const form = useForm({ resolver: zodResolver(Schema), defaultValues: { name: list?.name ?? '' } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      if (list) {
        await actions.rename.mutateAsync({ list_id: list.list_id, name })
        toast.success('List renamed')
      } else {
        const created = await actions.create.mutateAsync(name)
        toast.success(`“${created.list.name}” created`)
        onCreated?.(created.list)
      }
      onClose()
    } catch (error) {
      const message = (isApiError(error) && error.fieldMessage('name')) || messageOf(error)
      form.setError('name', { type: 'server', message }, { shouldFocus: true })
    }
  })

  return (
    <BottomSheet open onClose={onClose} title={list ? 'Rename list' : 'New list'}>
      <form className="v-sheet-form" onSubmit={onSubmit} noValidate>
        <TextField
          {...form.register('name')}
          label="List name"
          placeholder="e.g. VIP fans"
          maxLength={Social.listNameMax}
          autoComplete="off"
          error={errors.name?.message}
          autoFocus
        />
        <Button type="submit" block loading={isSubmitting}>
          {list ? 'Save' : 'Create list'}
        </Button>
      </form>
    </BottomSheet>
  )
}
