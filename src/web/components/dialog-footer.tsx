import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './dialog-footer.module.css';

/** A Modal's action buttons, right-aligned and always in view while the dialog scrolls. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return (
    <Group justify="flex-end" gap="sm" className={classes.footer}>
      {children}
    </Group>
  );
}
