import { redirect } from 'next/navigation';

// The console opens on every account's dispatches.
export default function AdminHome() {
  redirect('/admin/dispatches');
}
