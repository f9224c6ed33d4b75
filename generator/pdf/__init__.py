"""PDF back ends built on reportlab: vector figures and card faces stored once as form XObjects."""
