/** Who is asking: the client IP and the known-device cookie it sent, if any. */
export interface Caller {
  ip: string;
  deviceCookie?: string;
}
