#!/usr/bin/env bash
# usage: check_certs.sh example.com shop.example.com:8443 mail.example.com:993
set -u
for target in "$@"; do
  host=${target%%:*}; port=443
  [[ "$target" == *:* ]] && port=${target##*:}
  cert=$(echo | timeout 10 openssl s_client -servername "$host" -connect "$host:$port" -showcerts 2>/dev/null)
  if [[ -z "$cert" ]]; then echo "$host:$port  ERROR: no TLS connection"; continue; fi
  leaf=$(echo "$cert" | openssl x509 2>/dev/null)
  end=$(echo "$leaf" | openssl x509 -noout -enddate | cut -d= -f2)
  issuer=$(echo "$leaf" | openssl x509 -noout -issuer | sed 's/^issuer=//')
  sans=$(echo "$leaf" | openssl x509 -noout -ext subjectAltName 2>/dev/null | tail -n +2 | tr -d ' ')
  days=$(( ( $(date -d "$end" +%s) - $(date +%s) ) / 86400 ))
  nchain=$(echo "$cert" | grep -c 'BEGIN CERTIFICATE')
  echo "$host:$port  expires=$end  days_left=$days  chain_certs=$nchain"
  echo "  issuer: $issuer"
  echo "  names:  $sans"
done
