'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CreateStaffBodySchema } from '@/lib/platform/shared/auth/schemas';
import { localizedZodResolver } from '@/components/platform/client/localized-zod-resolver';
import { formatDateTime } from '@/components/platform/i18n/format-time';
import { format } from '@/components/platform/i18n/messages';
import { Field } from '@/components/platform/ui/field';
import { FormPanel, Panel } from '@/components/platform/ui/panel';
import { QueryTable } from '@/components/platform/ui/query-table';
import { useApiForm } from '@/components/platform/ui/use-api-form';
import { useToast } from '@/components/platform/ui/toast';
import { useIsHydrated } from '@/components/platform/ui/use-is-hydrated';
import styles from '@/components/platform/ui/ui.module.css';
import type { AccountCardProps } from './account-detail';
import { accountKeys, accountQueries, accountApi } from './queries';

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
  const api = useApiForm<StaffForm>({
    resolver: localizedZodResolver(CreateStaffBodySchema) as never,
    defaultValues: { name: '', email: '', password: '' },
    fields: ['name', 'email', 'password'],
    common,
    submit: async (values, { reset }) => {
      const user = await accountApi.createUser(accountId, values);
      reset();
      toast(format(t.createdUserToast, { email: user.email ?? user.name }), 'success');
      await queryClient.invalidateQueries({ queryKey: accountKeys.users(accountId) });
    },
  });
  const { form } = api;
  const { errors } = form.formState;

  return (
    <Panel headingId="account-users-heading" title={t.usersHeading} intro={t.usersIntro} testId="account-users">
      <QueryTable query={users} rowCount={users.data?.length} columns={[t.userName, t.userEmail, t.userCreated]} empty={t.usersEmpty} common={common}>
        {users.data?.map((user) => (
          <tr key={user.id} data-testid="account-user-row">
            <td>{user.name}</td>
            <td>
              <bdi>{user.email}</bdi>
            </td>
            <td className={styles.nowrap}>{isHydrated ? formatDateTime(user.created_at, locale) : null}</td>
          </tr>
        ))}
      </QueryTable>

      <FormPanel api={api} variant="subform" heading={{ headingId: 'new-user-heading', title: t.newUserHeading, level: 3 }} submitLabel={t.createUser} pendingLabel={t.creatingUser}>
        <div className={styles.formGrid}>
          <Field id="new-user-name" label={t.userName} error={errors.name?.message}>
            {(aria) => <input {...aria} className="input" autoComplete="off" {...form.register('name')} />}
          </Field>
          <Field id="new-user-email" label={t.userEmail} error={errors.email?.message}>
            {(aria) => <input {...aria} className="input" type="email" dir="ltr" autoComplete="off" {...form.register('email')} />}
          </Field>
          <Field id="new-user-password" label={t.password} hint={t.passwordHint} error={errors.password?.message}>
            {(aria) => <input {...aria} className="input" type="password" autoComplete="new-password" {...form.register('password')} />}
          </Field>
        </div>
      </FormPanel>
    </Panel>
  );
}
