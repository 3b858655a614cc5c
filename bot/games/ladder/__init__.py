"""The daily word ladder."""
