<?xml version="1.0"?>
<tileset name="c34"><tileset/><tileset firstgid="9" source="c35.tsx"/></tileset>
