/** Browser side effects behind a seam, so tests can observe them. */
export function reloadPage(): void {
  window.location.reload();
}

export function alertUser(message: string): void {
  window.alert(message);
}

export function confirmUser(message: string): boolean {
  return window.confirm(message);
}
