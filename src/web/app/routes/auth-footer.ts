/** The auth page's footer: where each tab leads, in words that fit it. */
export function authFooter(tab: 'login' | 'register' | 'forgot') {
  switch (tab) {
    case 'login':
      return { prompt: "Don't have an account? ", link: 'Sign up', tab: 'register' } as const;
    case 'register':
      return { prompt: 'Already have an account? ', link: 'Sign in', tab: 'login' } as const;
    case 'forgot':
      return { prompt: 'Remembered it? ', link: 'Back to sign in', tab: 'login' } as const;
  }
}
