"""The browser layer: the only code in Kabale that imports pyscript, js or pyodide."""
