"""The browser layer: the only code in Kabale that imports pyscript, js or pyodide.

At the top, the page and its controller: the app (app.py), the worker's binding (worker.py), the
page seen from the worker (page.py, local_storage.py), drawings as values (dom.py), the screen
every screen builds on and what it may ask of the app (screen.py, host.py), the address bar
(routes.py), the KABALAM set-up and the update offer. Below them, by what they are for: text/
(every word), storage/ (what is kept), views/ (what a table shows, as plain values), coach/
(Hint and Review) and tables/ (the three tables); tests/unit/test_layers.py holds the order.
"""
