"""Remote play: KABALAM with friends on their own devices, browser to browser (issue 30).

The protocol is here, in plain Python, tested in CPython; only the transport
(WebRTC data channels) is JavaScript, and it carries these messages as text.

* :mod:`kabale.net.messages`: the messages, their JSON and their limits, and the
  refusals (a stable code and an English text); reading untrusted text raises
  nothing but ``Refused``;
* :mod:`kabale.net.views`: a seat's observation as JSON both ways, the one thing
  of a hand a guest receives (so no card it may not see can travel);
* :mod:`kabale.net.commitment`: the deal everyone can check (the host's secret,
  committed to; the guests' bytes; the seed; the check after the hand);
* :mod:`kabale.net.host`: the host's table (``Host``): it runs the match through
  :class:`kabale.session.Session`, checks every message, and says what to send;
* :mod:`kabale.net.guest`: a guest's page (``Guest``): its seat's view of the
  match, rebuilt from the host's messages, and its checks of the host.

The flow: the host sets the table up and commits to the first deal's secret;
a guest's page says ``hello`` and gets the table (its seats and that hash), then
``join``\\ s a free seat with a name and gets a token and its state; each guest
``contribute``\\ s random bytes; the host deals; each seat's player ``play``\\ s when
it is her turn, and every guest gets an ``update`` of what its seat may see;
after the hand the host ``reveal``\\ s the secret and commits to the next one.

Importing this package imports none of its modules (each loads what it needs).
"""
