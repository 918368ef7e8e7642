#!/usr/bin/env bash
# First-boot housekeeping for a headless Raspberry Pi OS (Bookworm).
set -euo pipefail
TZ_NAME="${1:-Europe/London}"
sudo apt-get update
sudo DEBIAN_FRONTEND=noninteractive apt-get -y full-upgrade
sudo apt-get -y install unattended-upgrades vim htop
sudo dpkg-reconfigure -f noninteractive unattended-upgrades
sudo timedatectl set-timezone "$TZ_NAME"
# Disable SSH password logins once a key works.
if [ -s "$HOME/.ssh/authorized_keys" ]; then
  echo "PasswordAuthentication no" | sudo tee /etc/ssh/sshd_config.d/10-nopassword.conf
  sudo systemctl reload ssh
fi
vcgencmd get_throttled || true
echo "Done. Reboot recommended: sudo reboot"
