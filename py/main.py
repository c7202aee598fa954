"""The entry PyScript runs: hand the page to Kabale's web layer."""

from kabale.web.app import start

start()
