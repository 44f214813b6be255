// The header's bell only: the settings tab is imported by app/routes/settings-route.tsx on its own
// so the layout's chunk stays small.
export { NotificationBellSlot } from './components/notification-bell-slot';
