import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Where toasts show: bottom right, 4 s, at most five at once. Loaded with the first toast (lib/notify.ts). */
export default function ToastContainer() {
  return <Notifications position="bottom-right" autoClose={4000} limit={5} containerWidth={440} />;
}
