'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CreateStaffBodySchema } from '@/lib/auth/schemas';
import { localizedZodResolver } from '@/lib/client/localized-zod-resolver';
import { placeFieldErrors } from '@/lib/client/place-field-errors';
import { formatDateTime } from '@/lib/i18n/format-time';
import { format } from '@/lib/i18n/messages';
import styles from '@/components/admin-fleet/console.module.css';
import { Field } from '@/components/ui/field';
import { FormFailure } from '@/components/ui/form-failure';
import { QueryError, errorText } from '@/components/ui/query-error';
import { PendingOrEmptyRows } from '@/components/ui/table-states';
import { useToast } from '@/components/ui/toast';
import { useIsHydrated } from '@/components/ui/use-is-hydrated';
import type { AccountCardProps } from './account-detail';
import { accountKeys, accountQueries, accountApi } from './queries';

const COLUMNS = 3;

interface StaffForm {
  name: string;
  email: string;
  password: string;
}

/** The account's staff sign-ins, and a form to add one (the ops API's create-user). */
export function AccountUsersCard({ accountId, t, common, locale }: AccountCardProps) {
  const users = useQuery(accountQueries.users(accountId));
  const queryClient = useQueryClient();
  const toast = useToast();
  const isHydrated = useIsHydrated();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<StaffForm>({ resolver: localizedZodResolver(CreateStaffBodySchema) as never, defaultValues: { name: '', email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const user = await accountApi.createUser(accountId, values);
      reset();
      toast(format(t.createdUserToast, { email: user.email }), 'success');
      await queryClient.invalidateQueries({ queryKey: accountKeys.users(accountId) });
    } catch (error) {
      if (!placeFieldErrors(error, ['name', 'email', 'password'], setError)) setFailure(errorText(error, common));
    }
  });

  return (
    <section aria-labelledby="account-users-heading" className="card stack" data-testid="account-users">
      <div>
        <h2 id="account-users-heading">{t.usersHeading}</h2>
        <p className="muted">{t.usersIntro}</p>
      </div>
      {users.isError ? <QueryError error={users.error} onRetry={() => users.refetch()} common={common} /> : null}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t.userName}</th>
              <th scope="col">{t.userEmail}</th>
              <th scope="col">{t.userCreated}</th>
            </tr>
          </thead>
          <tbody>
            <PendingOrEmptyRows isPending={users.isPending} isEmpty={users.isSuccess && users.data.length === 0} rows={2} columns={COLUMNS} cellClassName={styles.skeletonText} empty={t.usersEmpty} />
            {users.data?.map((user) => (
              <tr key={user.id} data-testid="account-user-row">
                <td>{user.name}</td>
                <td>
                  <bdi>{user.email}</bdi>
                </td>
                <td className={styles.nowrap}>{isHydrated ? formatDateTime(user.created_at, locale) : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <form onSubmit={onSubmit} noValidate className={`stack ${styles.subform}`} aria-labelledby="new-user-heading">
        <h3 id="new-user-heading">{t.newUserHeading}</h3>
        <div className={styles.formGrid}>
          <Field id="new-user-name" label={t.userName} error={errors.name?.message}>
            {(aria) => <input {...aria} className="input" autoComplete="off" {...register('name')} />}
          </Field>
          <Field id="new-user-email" label={t.userEmail} error={errors.email?.message}>
            {(aria) => <input {...aria} className="input" type="email" dir="ltr" autoComplete="off" {...register('email')} />}
          </Field>
          <Field id="new-user-password" label={t.password} hint={t.passwordHint} error={errors.password?.message}>
            {(aria) => <input {...aria} className="input" type="password" autoComplete="new-password" {...register('password')} />}
          </Field>
        </div>
        <FormFailure message={failure} />
        <div className={styles.formActions}>
          <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
            {isSubmitting ? t.creatingUser : t.createUser}
          </button>
        </div>
      </form>
    </section>
  );
}
