/** Browser side effects behind a seam, so tests can observe them. */
export function reloadPage(): void {
  window.location.reload();
}
