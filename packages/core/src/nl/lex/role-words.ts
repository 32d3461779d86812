/**
 * The words a field's name uses for the two ends of a journey or a transfer, matched against the role a
 * question names ("departing from" -> source, "arriving in" -> destination).
 */
export const ROLE_WORDS = {
  source: /(^| )(source|src|origin|from|departure|departing|start|outbound|sender)( |$)/,
  destination: /(^| )(dest|destination|to|arrival|arriving|target|end|inbound|receiver|recipient)( |$)/,
} as const;
