/** mysql:// and mariadb:// URLs: the driver reads both the same way; descriptions never carry the password. */
export function driverUrl(url: string): string {
  return url.trim().replace(/^mariadb:\/\//i, 'mysql://');
}

/** The URL without its password, safe to log. */
export function describeMysqlUrl(url: string): string {
  try {
    const parsed = new URL(url.trim());
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'mysql (unparseable URL)';
  }
}
