#!/usr/bin/env bash
# usage: check_certs.sh host[:port] ...
set -u
now=$(date +%s)
for target in "$@"; do
  target=${target#https://}; target=${target%%/*}
  host=${target%%:*}; port=443
  [[ $target == *:* ]] && port=${target##*:}
  pem=$(echo | timeout 10 openssl s_client -servername "$host" -connect "$host:$port" 2>/dev/null \
        | openssl x509 2>/dev/null)
  if [[ -z $pem ]]; then echo "$host $port - - UNREACHABLE -"; continue; fi
  end=$(openssl x509 -noout -enddate <<<"$pem" | cut -d= -f2)
  issuer=$(openssl x509 -noout -issuer <<<"$pem" | sed 's/^issuer=//; s/ //g')
  san=$(openssl x509 -noout -ext subjectAltName <<<"$pem" 2>/dev/null | tail -n +2 | tr -d ' ')
  days=$(( ( $(date -d "$end" +%s) - now ) / 86400 ))
  echo "$host $port \"$end\" $days $issuer $san"
done
